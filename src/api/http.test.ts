import { CALLS, callFor } from './contract/calls';
import { callTo } from './contract/callTarget';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connectivityStore } from '../state/connectivity';
import { ApiError, InternalError } from './errors';
import { parseServiceDict } from './hosts';
import { basicAuthHeader, createApiClient, type ApiClientConfig } from './http';

const hosts = parseServiceDict({
  appHost: 'p12.example.com',
  thumbHost: 'thumbs.example.com',
  videoHost: 'video.example.com',
  pollHost: 'poll.example.com',
  downloadHost: 'dl.example.com',
});

type FetchArgs = [input: string, init: RequestInit];

function setup(
  answer: Response | (() => Promise<Response>),
  overrides: Partial<ApiClientConfig> = {},
) {
  const fetch = vi.fn((..._args: FetchArgs) =>
    typeof answer === 'function' ? answer() : Promise.resolve(answer.clone()),
  );
  const client = createApiClient({
    getAuth: () => ({ token: 'tok', hosts }),
    getLanguage: () => 'nb_NO',
    getDeviceId: () => 'dev-1',
    appKey: 'key',
    clientVersion: '1.2.3300.7',
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...overrides,
  });
  const call = (index = 0) => {
    const [input, init] = fetch.mock.calls[index];
    return { url: new URL(input), init, headers: new Headers(init.headers) };
  };
  return { client, fetch, call };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => connectivityStore.getState().setOnline(true));

describe('request: SPEC §7 common rules', () => {
  it('sends the call to its host with the common query parameters and basic auth', async () => {
    const { client, call } = setup(json({ ok: 1 }));
    const result = await client.request({
      call: callFor('GET', '/jobs', { stories: 1, include_details: 'true', skip: undefined }),
      schema: z.object({ ok: z.number() }),
    });
    expect(result.data).toEqual({ ok: 1 });
    expect(result.status).toBe(200);
    const { url, headers, init } = call();
    expect(url.origin + url.pathname).toBe('https://ps.example.com/jobs');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_key: 'key',
      client_v: '1.2.3300.7',
      device_id: 'dev-1',
      app_lang: 'nb_NO',
      stories: '1',
      include_details: 'true',
    });
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe(basicAuthHeader('tok'));
    expect(headers.get('Authorization')).toBe(`Basic ${btoa('tok:')}`);
  });

  it('uses the chosen host, repeats array parameters and omits foreign_auth when absent', async () => {
    const { client, call } = setup(new Response('x'));
    await client.request({
      call: callFor('GET', '/th/3/abc', { id: ['a', 'b'] }, 'thumb'),
      responseType: 'text',
    });
    expect(call().url.origin).toBe('https://thumbs.example.com');
    expect(call().url.searchParams.getAll('id')).toEqual(['a', 'b']);
    expect(call().url.searchParams.has('foreign_auth')).toBe(false);
  });

  it('encodes JSON, text, form and multipart bodies', async () => {
    const { client, call } = setup(new Response(null, { status: 204 }));
    const none = { call: callFor('POST', '/logout'), responseType: 'none' } as const;
    await client.request({ ...none, body: { job_uuids: ['a'] } });
    expect(call(0).init.body).toBe('{"job_uuids":["a"]}');
    expect(call(0).headers.get('Content-Type')).toBe('application/json');
    await client.request({ ...none, body: 'a\nb' });
    expect(call(1).headers.get('Content-Type')).toBe('text/plain;charset=UTF-8');
    const form = new FormData();
    await client.request({ ...none, body: form });
    expect(call(2).init.body).toBe(form);
    expect(call(2).headers.has('Content-Type')).toBe(false);
    await client.request({ ...none, body: new URLSearchParams({ a: '1' }) });
    expect(call(3).init.body).toBeInstanceOf(URLSearchParams);
  });

  it('auth: false sends no Authorization and works with the hosts known without a login', async () => {
    const { client, call } = setup(json(null), { getAuth: () => null, getHosts: () => hosts });
    await client.request({ call: callFor('GET', '/supported_extensions'), schema: z.null() });
    expect(call().headers.has('Authorization')).toBe(false);
    expect(call().url.origin).toBe('https://ps.example.com');
  });

  it('throws the SPEC §8 internal errors when auth data or hosts are missing', async () => {
    const { client, fetch } = setup(json(null), { getAuth: () => null });
    const opts = { call: callFor('GET', '/account_info'), schema: z.unknown() } as const;
    await expect(client.request(opts)).rejects.toThrow(
      new InternalError('StoredServiceDict or authToken is undefined'),
    );
    const noAuth = { call: callFor('GET', '/supported_extensions'), schema: z.unknown() };
    await expect(client.request(noAuth)).rejects.toThrow(
      new InternalError('Service dict must be made available (by logging in etc)'),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a per-call host directory wins over the logged-in one', async () => {
    const album = parseServiceDict({
      appHost: 'album.example.com',
      thumbHost: 't',
      videoHost: 'v',
      pollHost: 'p',
      downloadHost: 'd',
    });
    const { client, call } = setup(json(null));
    await client.request({ call: callFor('GET', '/account_info'), hosts: album, schema: z.null() });
    expect(call().url.origin).toBe('https://album.example.com');
  });

  it('host consent goes to the configured consent host (path prefix kept), not the app host', async () => {
    const { client, call } = setup(json({ value: true }), {
      consentHost: 'https://consent.example.net/base/',
    });
    await client.request({
      call: callTo(CALLS.readEmailConsent, {}, { email_consent_identifier: 'abc' }),
      schema: z.object({ value: z.boolean() }),
    });
    const { url, headers } = call();
    expect(url.origin + url.pathname).toBe('https://consent.example.net/base/user/email_consent');
    expect(url.searchParams.get('email_consent_identifier')).toBe('abc');
    expect(url.searchParams.get('app_key')).toBe('key');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('host consent without a configured consent host fails unsent with an internal error', async () => {
    const { client, fetch } = setup(json(null));
    const call = callTo(CALLS.writeEmailConsent);
    await expect(client.request({ call, schema: z.unknown() })).rejects.toThrow(
      new InternalError('The consent host is not configured (consentOrigin)'),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('url() builds an absolute URL with the common parameters for <img> and form posts', () => {
    const { client } = setup(json(null));
    const url = new URL(client.url({ call: callTo(CALLS.archive, { id: 'j' }) }));
    expect(url.origin).toBe('https://dl.example.com');
    expect(url.searchParams.get('app_key')).toBe('key');
  });
});

describe('answers', () => {
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

  it('401 runs every unauthorised handler, then throws kind unauthorized', async () => {
    const { client } = setup(new Response('public job auth failed', { status: 401 }));
    const first = vi.fn(() => {
      throw new Error('broken handler');
    });
    const second = vi.fn();
    const removed = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    client.onUnauthorized(first);
    client.onUnauthorized(second);
    client.onUnauthorized(removed)();
    const error = await rejection(
      client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() }),
    );
    expect(error.kind).toBe('unauthorized');
    expect(error.body).toBe('public job auth failed');
    expect(first).toHaveBeenCalledWith(error);
    expect(second).toHaveBeenCalledWith(error);
    expect(removed).not.toHaveBeenCalled();
  });

  it('a 401 to a call sent under a session this client has since ended or replaced runs no handler', async () => {
    // The account deleted while a background call was out: the session is forgotten before the
    // call's 401 comes back, which must not show "session expired" over the deletion's notice.
    for (const after of [null, { token: 'new-tok', hosts }]) {
      let auth: { token: string; hosts: typeof hosts } | null = { token: 'tok', hosts };
      let answer: (response: Response) => void = () => undefined;
      const { client } = setup(() => new Promise<Response>((resolve) => (answer = resolve)), {
        getAuth: () => auth,
      });
      const handler = vi.fn();
      client.onUnauthorized(handler);
      const pending = rejection(
        client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() }),
      );
      auth = after;
      answer(new Response('unauthorized', { status: 401 }));
      expect((await pending).kind).toBe('unauthorized');
      expect(handler, after ? 'replaced' : 'ended').not.toHaveBeenCalled();
    }
  });

  it('a 401 to a call without the token (a visitor) ends no session: no handler runs', async () => {
    const { client } = setup(new Response('login required', { status: 401 }));
    const handler = vi.fn();
    client.onUnauthorized(handler);
    const error = await rejection(
      client.request({ call: callFor('GET', '/supported_extensions'), schema: z.unknown() }),
    );
    expect(error.kind).toBe('unauthorized');
    expect(handler).not.toHaveBeenCalled();
  });

  it('403 user_disabled from any call runs the disabled-account handlers; other 403s do not', async () => {
    const disabled = setup(json({ error: 'user_disabled', message: 'Account terminated' }, 403));
    const onDisabled = vi.fn();
    const onUnauthorized = vi.fn();
    disabled.client.onUserDisabled(onDisabled);
    disabled.client.onUnauthorized(onUnauthorized);
    const error = await rejection(
      disabled.client.request({
        call: callFor('DELETE', '/jobs/j/files_by_id/f'),
        schema: z.unknown(),
      }),
    );
    expect(error.kind).toBe('forbidden');
    expect(onDisabled).toHaveBeenCalledWith(error);
    expect(onUnauthorized).not.toHaveBeenCalled();

    for (const answer of [
      json({ error: 'read_only_user' }, 403),
      new Response('user_disabled', { status: 403 }),
      json({ error: 'user_disabled' }, 400),
    ]) {
      const other = setup(answer);
      const handler = vi.fn();
      other.client.onUserDisabled(handler);
      await rejection(
        other.client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() }),
      );
      expect(handler).not.toHaveBeenCalled();
    }
  });

  it.each([
    [400, 'badRequest'],
    [403, 'forbidden'],
    [404, 'notFound'],
    [409, 'conflict'],
    [413, 'payloadTooLarge'],
    [502, 'server'],
    [429, 'http'],
  ] as const)('status %i throws kind %s, keeps the body and sets online', async (status, kind) => {
    connectivityStore.getState().setOnline(false);
    const { client } = setup(new Response('User does not have access to secured job', { status }));
    const error = await rejection(
      client.request({ call: callFor('GET', '/jobs/abcd-ef/info'), schema: z.unknown() }),
    );
    expect(error).toMatchObject({ kind, status, body: 'User does not have access to secured job' });
    expect(error.path).toBe('https://ps.example.com/jobs/****-ef/info');
    expect(connectivityStore.getState().online).toBe(true);
  });

  it('a JSON answer failing its schema throws kind malformed with the issue summary', async () => {
    const { client } = setup(json({ used_space: 'lots' }));
    const error = await rejection(
      client.request({
        call: callFor('GET', '/account_info'),
        schema: z.object({ used_space: z.number() }),
      }),
    );
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('used_space');
  });

  it('an answer that is not JSON throws kind malformed', async () => {
    const { client } = setup(new Response('<html>'));
    const error = await rejection(
      client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() }),
    );
    expect(error.kind).toBe('malformed');
  });

  it('an empty answer reads as undefined for z.unknown()', async () => {
    const { client } = setup(new Response(null, { status: 200 }));
    const result = await client.request({ call: callFor('POST', '/logout'), schema: z.unknown() });
    expect(result.data).toBeUndefined();
  });

  it('returns text, blobs and headers', async () => {
    const answer = new Response('7\n', { headers: { 'x-last-event-serial': '42' } });
    const { client } = setup(answer);
    const text = await client.request({
      call: callFor('GET', '/account_info'),
      responseType: 'text',
    });
    expect(text.data).toBe('7\n');
    expect(text.headers.get('x-last-event-serial')).toBe('42');
    const blob = await client.request({
      call: callFor('GET', '/account_info'),
      responseType: 'blob',
    });
    expect(await blob.data.text()).toBe('7\n');
  });

  it('never puts the token or the query into the error message', async () => {
    const { client } = setup(new Response('', { status: 500 }));
    const error = await rejection(
      client.request({
        call: callFor('GET', '/account_info'),
        schema: z.unknown(),
        linkAuth: { basic: 'pw-s', foreignAuth: 'fa-s' },
      }),
    );
    expect(error.message).not.toMatch(/tok|fa-s|pw-s|dev-1/);
  });
});

describe('request: SPEC §6 visitor auth of a link job', () => {
  it('sends the album password as basic auth and the user as foreign_auth', async () => {
    const { client, call } = setup(json({ ok: 1 }));
    await client.request({
      call: callFor('GET', '/jobs/j/info'),
      schema: z.unknown(),
      linkAuth: { basic: 'pbkdf2', foreignAuth: 'tok' },
    });
    expect(call().headers.get('Authorization')).toBe(basicAuthHeader('pbkdf2'));
    expect(call().url.searchParams.get('foreign_auth')).toBe('tok');
  });

  it('sends no Authorization for a visitor without password or account', async () => {
    const { client, call } = setup(json({ ok: 1 }), { getAuth: () => null, getHosts: () => hosts });
    await client.request({
      call: callFor('GET', '/jobs/j/info'),
      schema: z.unknown(),
      linkAuth: { basic: null, foreignAuth: null },
    });
    expect(call().headers.has('Authorization')).toBe(false);
    expect(call().url.searchParams.has('foreign_auth')).toBe(false);
  });

  it('a 401 ends the session only when the call carried it', async () => {
    const unauthorized = () => new Response('{"error":"unauthorized"}', { status: 401 });
    const visitor = setup(unauthorized());
    const seen: unknown[] = [];
    visitor.client.onUnauthorized((error) => seen.push(error));
    await rejection(
      visitor.client.request({
        call: callFor('GET', '/jobs/j/info'),
        schema: z.unknown(),
        linkAuth: { basic: 'pbkdf2', foreignAuth: null },
      }),
    );
    expect(seen).toHaveLength(0);
    const member = setup(unauthorized());
    member.client.onUnauthorized((error) => seen.push(error));
    await rejection(
      member.client.request({
        call: callFor('GET', '/jobs/j/info'),
        schema: z.unknown(),
        linkAuth: { basic: 'pbkdf2', foreignAuth: 'tok' },
      }),
    );
    expect(seen).toHaveLength(1);
  });
});
