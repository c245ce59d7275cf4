import { describe, expect, it } from 'vitest';
import { headerMessage, rowMessage, timeLeftMessage, type RowContext } from './messages';
import { countItems } from './rules';
import { testItem } from './testing';

const base = testItem();
const online: RowContext = {
  connection: 'Online',
  countdown: 0,
  outOfStorage: false,
  paused: false,
};

describe('row texts (SPEC §4 upload states as shown to users)', () => {
  it('says why the server refused a file: read-only account, a name it cannot store', () => {
    const rejected = { ...base, status: 'Rejected' as const };
    expect(rowMessage({ ...rejected, statusReason: 'ReadOnly' }, online).key).toBe(
      'upload.readOnlyTooltip',
    );
    expect(rowMessage({ ...rejected, statusReason: 'InvalidName' }, online).key).toBe(
      'upload.reason.InvalidName',
    );
  });

  it('shows preparing, uploading N%, processing, complete, cancelled', () => {
    expect(rowMessage({ ...base, status: 'Pending' }, online).key).toBe('upload.state.preparing');
    expect(rowMessage({ ...base, status: 'Uploading', uploadedPercent: 0.426 }, online)).toEqual({
      key: 'upload.state.uploading',
      values: { percent: 42 },
    });
    expect(rowMessage({ ...base, status: 'BackendSucceeded' }, online).key).toBe(
      'upload.state.processing',
    );
    expect(rowMessage({ ...base, status: 'Succeeded' }, online).key).toBe('upload.state.complete');
    expect(rowMessage({ ...base, status: 'Cancelled' }, online).key).toBe('upload.state.cancelled');
  });

  it('an Enqueued item says why it waits: retrying in N seconds, offline, out of storage', () => {
    const offline = { ...online, connection: 'Offline' as const, countdown: 3 };
    expect(rowMessage({ ...base, retrying: true }, offline)).toEqual({
      key: 'upload.state.retryingIn',
      values: { seconds: 3 },
    });
    expect(rowMessage(base, offline).key).toBe('upload.state.offline');
    expect(rowMessage(base, { ...online, outOfStorage: true }).key).toBe(
      'upload.state.outOfStorage',
    );
  });

  it('a rejected item shows its reason, with Safari\u2019s own folder text', () => {
    const rejected = {
      ...base,
      status: 'Rejected' as const,
      statusReason: 'FileIsFolder' as const,
    };
    expect(rowMessage(rejected, online).key).toBe('upload.reason.FileIsFolder');
    expect(rowMessage({ ...rejected, safariFolder: true }, online).key).toBe(
      'upload.reason.safariFolder',
    );
    expect(rowMessage({ ...rejected, statusReason: 'TooLargeFile' }, online).key).toBe(
      'upload.reason.TooLargeFile',
    );
  });
});

describe('resumable uploads (issue 32)', () => {
  const resumed = { ...base, size: 1000, uploadedPercent: 0.61, resuming: true };

  it('say "resuming" from the offset kept, waiting or starting, until the server answers', () => {
    for (const status of ['Enqueued', 'Uploading'] as const) {
      expect(rowMessage({ ...resumed, status }, online)).toEqual({
        key: 'upload.state.resuming',
        values: { percent: 61 },
      });
    }
    // Once bytes flow again it is an upload like any other.
    expect(rowMessage({ ...resumed, status: 'Uploading', resuming: false }, online)).toEqual({
      key: 'upload.state.uploading',
      values: { percent: 61 },
    });
    // Offline and its countdown come first: nothing resumes without a connection.
    const offline = { ...online, connection: 'Offline' as const, countdown: 3 };
    expect(rowMessage({ ...resumed, retrying: true }, offline).key).toBe('upload.state.retryingIn');
  });

  it('round the time left up to what a person reads', () => {
    expect(timeLeftMessage(0.2)).toEqual({ key: 'upload.rate.secondsLeft', values: { count: 1 } });
    expect(timeLeftMessage(42.1)).toEqual({
      key: 'upload.rate.secondsLeft',
      values: { count: 43 },
    });
    expect(timeLeftMessage(61)).toEqual({ key: 'upload.rate.minutesLeft', values: { count: 2 } });
    expect(timeLeftMessage(89 * 60)).toEqual({
      key: 'upload.rate.minutesLeft',
      values: { count: 89 },
    });
    expect(timeLeftMessage(4.4 * 3600)).toEqual({
      key: 'upload.rate.hoursLeft',
      values: { count: 4 },
    });
  });
});

describe('panel header', () => {
  it('counts what is done and what failed, leaving cancelled items out', () => {
    const counts = countItems([
      { ...base, status: 'Succeeded' },
      { ...base, status: 'Rejected' },
      { ...base, status: 'Cancelled' },
    ]);
    expect(headerMessage('someFailed', counts, { countdown: 0, paused: false })).toEqual({
      key: 'upload.mode.someFailed',
      values: { failed: 1, total: 2 },
    });
    expect(headerMessage('offline', counts, { countdown: 4, paused: false })).toEqual({
      key: 'upload.mode.offline',
      values: { seconds: 4 },
    });
  });
});
