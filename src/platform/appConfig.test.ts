import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readString, removeItem, writeJson } from '../state/persisted';
import { loadAppConfig } from './appConfig';

const loc = { protocol: 'https:', hostname: 'photos.example' };
const served = { apiOrigin: 'https://api.example' };

function fetchAnswering(body: unknown, status = 200) {
  return vi.fn<typeof fetch>(() => Promise.resolve(Response.json(body, { status })));
}

describe('loadAppConfig', () => {
  beforeEach(() => removeItem('appConfig'));

  it("loads the server's config and keeps it", async () => {
    const fetchImpl = fetchAnswering(served);
    expect(await loadAppConfig(loc, fetchImpl)).toEqual(served);
    expect(fetchImpl).toHaveBeenCalledWith('/app-config.json', { cache: 'no-cache' });
    expect(JSON.parse(readString('appConfig')!)).toEqual(served);
  });

  it('falls back to the API beside this origin on a failure or a malformed answer, keeping nothing', async () => {
    expect(await loadAppConfig(loc, fetchAnswering(served, 500))).toEqual({
      apiOrigin: 'https://photos.example:8081',
    });
    expect(await loadAppConfig(loc, fetchAnswering({ apiOrigin: 'not a url' }))).toEqual({
      apiOrigin: 'https://photos.example:8081',
    });
    const offline = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadAppConfig(loc, offline)).toEqual({ apiOrigin: 'https://photos.example:8081' });
    expect(readString('appConfig')).toBeNull();
  });

  it('with a stored session uses the kept config at once and asks the server later, keeping its answer', async () => {
    writeJson('appConfig', served);
    const moved = { apiOrigin: 'https://api2.example' };
    const fetchImpl = fetchAnswering(moved);
    let later: (() => void) | null = null;
    const config = await loadAppConfig(loc, fetchImpl, {
      preferKept: true,
      later: (load) => (later = load),
    });
    expect(config).toEqual(served);
    expect(fetchImpl).not.toHaveBeenCalled();
    later!();
    await vi.waitFor(() => expect(JSON.parse(readString('appConfig')!)).toEqual(moved));
  });

  it('with a stored session but nothing kept (or a kept copy that does not parse) loads it first', async () => {
    const fetchImpl = fetchAnswering(served);
    expect(await loadAppConfig(loc, fetchImpl, { preferKept: true })).toEqual(served);
    writeJson('appConfig', { apiOrigin: 42 });
    expect(await loadAppConfig(loc, fetchImpl, { preferKept: true })).toEqual(served);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('without a stored session never uses the kept copy', async () => {
    writeJson('appConfig', { apiOrigin: 'https://old.example' });
    expect(await loadAppConfig(loc, fetchAnswering(served))).toEqual(served);
  });
});
