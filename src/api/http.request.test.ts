// The API client's requests (SPEC §7 common rules, SPEC §6 visitor auth of a link job): the host,
// the common query parameters, auth and the body as sent.
import { CALLS, callFor } from './contract/calls';
import { callTo } from './contract/callTarget';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectivityStore } from '../state/connectivity';
import { InternalError } from './errors';
import { parseServiceDict } from './hosts';
import { basicAuthHeader } from './http';
import { hosts, json, rejection, setup } from './testClient';

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
