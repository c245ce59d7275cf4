// The API client's answers: the error kind of each status, schema and JSON failures, text, blobs
// and headers, and error messages that never carry the token or the query.
import { callFor } from './contract/calls';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectivityStore } from '../state/connectivity';
import { json, rejection, setup } from './testClient';

beforeEach(() => connectivityStore.getState().setOnline(true));

describe('answers', () => {
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
