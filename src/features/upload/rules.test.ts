import { describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_MIN_BYTES } from '../../domain/constants';
import type { UploadItem } from './model';
import {
  batchFits,
  countItems,
  crossedThreshold,
  fileRejection,
  isIgnoredDrop,
  panelMode,
  policyFor,
  sameFile,
  usesResumable,
  progressChanged,
  statusBoxHeightPx,
} from './rules';
import { testItem } from './testing';

const GIB = 1024 ** 3;

describe('fileRejection (SPEC §5 per-file checks)', () => {
  it('a file whose first 64 bytes cannot be read is a folder', () => {
    expect(fileRejection({ name: 'a.jpg', size: 10, readable: false })).toBe('FileIsFolder');
  });
  it('an extension that is neither picture nor movie is unsupported', () => {
    expect(fileRejection({ name: 'notes.txt', size: 10, readable: true })).toBe('UnSupported');
    expect(fileRejection({ name: 'noext', size: 10, readable: true })).toBe('UnSupported');
  });
  it('over 200 GiB is too large; exactly 200 GiB is fine', () => {
    expect(fileRejection({ name: 'a.mov', size: 200 * GIB + 1, readable: true })).toBe(
      'TooLargeFile',
    );
    expect(fileRejection({ name: 'a.mov', size: 200 * GIB, readable: true })).toBeNull();
  });
  it('accepts pictures and movies, HEIC and m4v included', () => {
    for (const name of ['a.JPG', 'b.heic', 'c.mp4', 'd.m4v', 'e.cr2']) {
      expect(fileRejection({ name, size: 1, readable: true })).toBeNull();
    }
  });
  it('drops ignore .DS_Store', () => {
    expect(isIgnoredDrop('.DS_Store')).toBe(true);
    expect(isIgnoredDrop('photo.jpg')).toBe(false);
  });
});

describe('batchFits (SPEC §5: max − used − queued, unless a story album)', () => {
  const base = { usedSpace: 60, maxSpace: 100, queuedBytes: 30, targetIsStory: false };
  it('fits when the batch is at most the remaining space', () => {
    expect(batchFits({ ...base, batchBytes: 10 })).toBe(true);
    expect(batchFits({ ...base, batchBytes: 11 })).toBe(false);
  });
  it('a story album target is never rejected here', () => {
    expect(batchFits({ ...base, batchBytes: 1000, targetIsStory: true })).toBe(true);
  });
  it('unknown or unlimited quota fits', () => {
    expect(batchFits({ ...base, usedSpace: null, batchBytes: 1e12 })).toBe(true);
    expect(batchFits({ ...base, maxSpace: 1024 ** 3 * 1e6, batchBytes: 1e12 })).toBe(true);
  });
});

describe('statusBoxHeightPx (SPEC §9 status box)', () => {
  it('is 136 collapsed', () => {
    expect(statusBoxHeightPx(500, 1000, false)).toBe(136);
  });
  it('is 48 px a row plus 126, plus 8, when that is under 75% of the window', () => {
    expect(statusBoxHeightPx(3, 1000, true)).toBe(3 * 48 + 126 + 8);
  });
  it('is capped at 75% of the window, plus 8', () => {
    expect(statusBoxHeightPx(100, 1000, true)).toBe(750 + 8);
  });
});

describe('progressChanged (SPEC §9: throttled to 1% changes)', () => {
  it('ignores moves inside the same percent', () => {
    expect(progressChanged(0.101, 0.109)).toBe(false);
    expect(progressChanged(0, 0.009)).toBe(false);
  });
  it('reports each new percent and the end', () => {
    expect(progressChanged(0.109, 0.11)).toBe(true);
    expect(progressChanged(0.995, 1)).toBe(true);
    expect(progressChanged(1, 1)).toBe(false);
  });
});

const item = (status: UploadItem['status']): UploadItem => testItem({ id: status, status });

describe('panelMode (SPEC §4 panel modes)', () => {
  const active = countItems([item('Uploading'), item('Succeeded')]);
  const failed = countItems([item('Rejected'), item('Succeeded')]);
  const done = countItems([item('Succeeded'), item('Cancelled')]);
  it('puts offline, retrying and out of storage before uploading', () => {
    expect(panelMode({ counts: active, connection: 'Offline', outOfStorage: true })).toBe(
      'offline',
    );
    expect(panelMode({ counts: active, connection: 'Retrying', outOfStorage: true })).toBe(
      'retrying',
    );
    expect(panelMode({ counts: active, connection: 'Online', outOfStorage: true })).toBe(
      'outOfStorage',
    );
    expect(panelMode({ counts: active, connection: 'Online', outOfStorage: false })).toBe(
      'uploading',
    );
  });
  it('ends in some failed or all uploaded', () => {
    expect(panelMode({ counts: failed, connection: 'Online', outOfStorage: false })).toBe(
      'someFailed',
    );
    expect(panelMode({ counts: done, connection: 'Offline', outOfStorage: false })).toBe(
      'allUploaded',
    );
  });
});

describe('crossedThreshold (SPEC §9: warnings above 80% and above 95%)', () => {
  it('reports the highest threshold crossed by the upload', () => {
    expect(crossedThreshold(70, 81, 100)).toBe('above80');
    expect(crossedThreshold(70, 96, 100)).toBe('above95');
    expect(crossedThreshold(85, 96, 100)).toBe('above95');
  });
  it('says nothing when no threshold was crossed or the quota is unlimited', () => {
    expect(crossedThreshold(70, 80, 100)).toBeNull();
    expect(crossedThreshold(81, 90, 100)).toBeNull();
    expect(crossedThreshold(0, 1e18, 1024 ** 3 * 1e6)).toBeNull();
  });
});

describe('policyFor', () => {
  it('timeline uploads are once_only, album uploads no_duplicates', () => {
    expect(policyFor(false)).toBe('once_only');
    expect(policyFor(true)).toBe('no_duplicates');
  });
});

describe('usesResumable (issue 32: the server says so, never a guess)', () => {
  const offered = { protocol: 'tus', version: '1.0.0', endpoint: '/r', max_size: 2 ** 40 } as const;

  it('sends large files resumably only when the service offers it', () => {
    expect(usesResumable(RESUMABLE_UPLOAD_MIN_BYTES, offered)).toBe(true);
    expect(usesResumable(20 * 2 ** 30, offered)).toBe(true);
    // A SPEC-only service (no capability): the multipart call, whatever the size.
    expect(usesResumable(20 * 2 ** 30, null)).toBe(false);
  });

  it('keeps small files and files over the service maximum on the multipart call', () => {
    expect(usesResumable(RESUMABLE_UPLOAD_MIN_BYTES - 1, offered)).toBe(false);
    expect(usesResumable(5 * 2 ** 20, offered)).toBe(false);
    expect(usesResumable(2 ** 40 + 1, offered)).toBe(false);
  });
});

describe('sameFile (issue 32: a changed file starts again, never stitched)', () => {
  const began = { size: 100, mtimeMs: 1_700_000_000_000 };
  it('compares size and mtime with the file as it was when its upload began', () => {
    expect(sameFile(began, { size: 100, lastModified: 1_700_000_000_000 })).toBe(true);
    expect(sameFile(began, { size: 101, lastModified: 1_700_000_000_000 })).toBe(false);
    expect(sameFile(began, { size: 100, lastModified: 1_700_000_000_001 })).toBe(false);
    // A Blob without a date (not a File) is judged by its size.
    expect(sameFile(began, { size: 100 })).toBe(true);
  });
});
