// Accounts of a spec's own (a fresh user, signed in through the API) and calls made as them.
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { basicAuthHeader } from '../../../src/api/contract/basicAuth';
import { API, apiLogin } from './login';
import { createTestUser } from './testControls';

export type Account = { email: string; password: string; token: string; timeline: string };

/** A JSON call as `account`; fails the test on a non-2xx answer; null for 204. */
export async function call<T>(
  account: Account,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: basicAuthHeader(account.token),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** A fresh user (POST /__test/users), signed in, with its timeline's id. */
export async function account(
  request: APIRequestContext,
  prefix: string,
  options: { readOnly?: boolean; name?: string } = {},
): Promise<Account> {
  const user = await createTestUser(prefix, options);
  const token = await apiLogin(request, user);
  const me: Account = { ...user, token, timeline: '' };
  me.timeline = (await call<{ id: string }>(me, 'GET', '/jobs/default')).id;
  return me;
}

/**
 * Uploads a solid-colour JPEG to the account's timeline (POST /jobs/{id}/upload, duplicates
 * allowed) as `path`, dated `mtime` (unix seconds); its file id.
 */
export async function uploadPhoto(
  to: Account,
  photo: {
    path: string;
    mtime: number;
    width: number;
    height: number;
    red: number;
    /** The JPEG to send instead of the solid colour. */
    bytes?: Buffer;
  },
): Promise<string> {
  const bytes =
    photo.bytes ??
    (await sharp({
      create: {
        width: photo.width,
        height: photo.height,
        channels: 3,
        background: { r: photo.red, g: 140, b: 90 },
      },
    })
      .jpeg()
      .toBuffer());
  const name = photo.path.split('/').pop()!;
  const form = new FormData();
  form.set('path', photo.path);
  form.set('mtime', String(photo.mtime));
  form.set('policy', 'allow_duplicates');
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const response = await fetch(`${API}/jobs/${encodeURIComponent(to.timeline)}/upload`, {
    method: 'POST',
    body: form,
    headers: { Authorization: basicAuthHeader(to.token) },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}
