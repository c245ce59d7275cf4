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

  const ok = (config: unknown) => ({ ok: true, config });

  it("loads the server's config and keeps it", async () => {
    const fetchImpl = fetchAnswering(served);
    expect(await loadAppConfig(loc, fetchImpl)).toEqual(ok(served));
    expect(fetchImpl).toHaveBeenCalledWith('/app-config.json', { cache: 'no-cache' });
    expect(JSON.parse(readString('appConfig')!)).toEqual(served);
  });

  it('a build never guesses: a missing file, an error, a malformed answer or no connection each say what is wrong, keeping nothing', async () => {
    const build = { devFallback: false };
    expect(await loadAppConfig(loc, fetchAnswering(served, 404), build)).toEqual({
      ok: false,
      problem: { kind: 'status', status: 404 },
    });
    expect(await loadAppConfig(loc, fetchAnswering({ apiOrigin: 'not a url' }), build)).toEqual({
      ok: false,
      problem: { kind: 'invalid', fields: ['apiOrigin'] },
    });
    expect(
      await loadAppConfig(
        loc,
        fetchAnswering({ apiOrigin: 'https://api.example', cast: { senderScriptUrl: 'x' } }),
        build,
      ),
    ).toEqual({
      ok: false,
      problem: { kind: 'invalid', fields: ['cast.senderScriptUrl', 'cast.receiverApplicationId'] },
    });
    const html = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    expect(await loadAppConfig(loc, html, build)).toEqual({
      ok: false,
      problem: { kind: 'invalid', fields: ['/app-config.json'] },
    });
    const offline = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadAppConfig(loc, offline, build)).toEqual({
      ok: false,
      problem: { kind: 'unreachable' },
    });
    expect(readString('appConfig')).toBeNull();
  });

  it('offline, the copy kept from an earlier visit starts the app; an error answer never uses it', async () => {
    writeJson('appConfig', served);
    const offline = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadAppConfig(loc, offline, { devFallback: false })).toEqual(ok(served));
    expect(await loadAppConfig(loc, fetchAnswering({}, 404), { devFallback: false })).toEqual({
      ok: false,
      problem: { kind: 'status', status: 404 },
    });
  });

  it('only the dev server assumes the API beside this origin on 8081', async () => {
    expect(await loadAppConfig(loc, fetchAnswering(served, 404), { devFallback: true })).toEqual(
      ok({ apiOrigin: 'https://photos.example:8081' }),
    );
  });

  it('reads the Google Cast sender and receiver application when the config names them', async () => {
    const cast = {
      senderScriptUrl: 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1',
      receiverApplicationId: 'CC1AD845',
    };
    expect(await loadAppConfig(loc, fetchAnswering({ ...served, cast }))).toEqual(
      ok({ ...served, cast }),
    );
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
    expect(config).toEqual(ok(served));
    expect(fetchImpl).not.toHaveBeenCalled();
    later!();
    await vi.waitFor(() => expect(JSON.parse(readString('appConfig')!)).toEqual(moved));
  });

  it('with a stored session but nothing kept (or a kept copy that does not parse) loads it first', async () => {
    const fetchImpl = fetchAnswering(served);
    expect(await loadAppConfig(loc, fetchImpl, { preferKept: true })).toEqual(ok(served));
    writeJson('appConfig', { apiOrigin: 42 });
    expect(await loadAppConfig(loc, fetchImpl, { preferKept: true })).toEqual(ok(served));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('without a stored session never uses the kept copy', async () => {
    writeJson('appConfig', { apiOrigin: 'https://old.example' });
    expect(await loadAppConfig(loc, fetchAnswering(served))).toEqual(ok(served));
  });
});
