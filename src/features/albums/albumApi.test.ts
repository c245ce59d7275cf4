// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearStoredAuth, storeAuth } from '../../api/authStore';
import { defaultHosts, initApiClient } from '../../platform/api';
import { saveViewMode } from './albumApi';

// The view mode option (SPEC §3 "stored per album as a user option", SPEC §7 /options/{key})
// through the app's own API client.

const config = { apiOrigin: 'https://app.example.com' };

beforeAll(() => {
  initApiClient(config);
  storeAuth('tok', defaultHosts(config));
});

afterEach(() => vi.unstubAllGlobals());

afterAll(() => clearStoredAuth());

function recordCalls(answer: () => Response) {
  const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetch);
  return () =>
    fetch.mock.calls.map(([input, init]) => ({
      method: init.method,
      path: new URL(input).pathname,
      body: init.body,
    }));
}

describe('saveViewMode', () => {
  it('keeps flow with PUT /options/{key} and the value', async () => {
    const calls = recordCalls(() => Response.json({ key: 'album_view_mode.job 1', value: 'flow' }));
    await saveViewMode('job 1', 'flow');
    expect(calls()).toEqual([
      {
        method: 'PUT',
        path: '/options/album_view_mode.job%201',
        body: JSON.stringify({ value: 'flow' }),
      },
    ]);
  });

  it('back at the SPEC §9 default (grid) resets the option with DELETE /options/{key}', async () => {
    const calls = recordCalls(() => new Response(null, { status: 204 }));
    await saveViewMode('job-1', 'grid');
    expect(calls()).toEqual([
      { method: 'DELETE', path: '/options/album_view_mode.job-1', body: undefined },
    ]);
  });

  it('a failed reset rejects, so the page can say so', async () => {
    recordCalls(() => new Response('Internal Server Error', { status: 500 }));
    await expect(saveViewMode('job-1', 'grid')).rejects.toMatchObject({ kind: 'server' });
  });
});
