// The API client and connectivity (issue 19): answers set the client online, a network failure
// offline; offline, writes fail unsent and reads still go out; an abort leaves it alone.
import { CALLS, callFor } from './contract/calls';
import { callTo } from './contract/callTarget';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectivityStore } from '../state/connectivity';
import { json, rejection, setup } from './testClient';

beforeEach(() => connectivityStore.getState().setOnline(true));

describe('answers: connectivity', () => {
  it('a successful request sets the client online', async () => {
    connectivityStore.getState().setOnline(false);
    const { client } = setup(json({}));
    await client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() });
    expect(connectivityStore.getState().online).toBe(true);
  });

  it('a network failure sets the client offline and throws kind network', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(
      client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() }),
    );
    expect(error.kind).toBe('network');
    expect(error.i18nKey).toBe('errors.api.network');
    expect(connectivityStore.getState().online).toBe(false);
  });

  it('offline, a call that changes something fails at once with kind offline, unsent', async () => {
    connectivityStore.getState().setOnline(false);
    const { client, fetch } = setup(json({}));
    const writes = [
      callTo(CALLS.react, { id: 'j', fileId: 'f' }),
      callTo(CALLS.writeOption, { key: 'k' }),
      callTo(CALLS.deleteFile, { id: 'j', fileId: 'f' }),
      callTo(CALLS.resumablePatch, { uploadId: 'u' }),
    ];
    expect(writes.map((target) => target.method)).toEqual(['POST', 'PUT', 'DELETE', 'PATCH']);
    for (const target of writes) {
      const error = await rejection(client.request({ call: target, responseType: 'none' }));
      expect(error.kind).toBe('offline');
      expect(error.i18nKey).toBe('errors.api.offline');
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(connectivityStore.getState().online).toBe(false);
  });

  it('offline, reads still go out, and one that succeeds ends the offline spell', async () => {
    connectivityStore.getState().setOnline(false);
    const { client, fetch } = setup(json({}));
    await client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(connectivityStore.getState().online).toBe(true);
    await client.request({ call: callFor('POST', '/logout'), schema: z.unknown() });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('an abort throws kind aborted and leaves connectivity alone', async () => {
    const controller = new AbortController();
    const { client } = setup(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    const signal = controller.signal;
    const error = await rejection(
      client.request({ call: callFor('GET', '/account_info'), schema: z.unknown(), signal }),
    );
    expect(error.kind).toBe('aborted');
    expect(connectivityStore.getState().online).toBe(true);
  });
});
