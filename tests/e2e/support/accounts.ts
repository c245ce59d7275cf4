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

/**
 * A new album of `owner`'s (shared or private) with `count` photos uploaded into it (640×480,
 * dated July 2022, one day apart): its id and the files' ids, oldest first.
 */
export async function albumWithPhotos(
  owner: Account,
  title: string,
  shared: boolean,
  count: number,
): Promise<{ id: string; files: string[] }> {
  const created = await call<{ id: string }>(owner, 'POST', '/jobs', {
    type: 'story',
    name: title,
    public: shared,
  });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 40 * i, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('path', `${title}/photo-${i}.jpg`);
    form.set('mtime', String(Date.UTC(2022, 6, 1 + i) / 1000));
    form.set('policy', 'allow_duplicates');
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    const response = await fetch(`${API}/jobs/${created.id}/upload`, {
      method: 'POST',
      body: form,
      headers: { Authorization: basicAuthHeader(owner.token) },
    });
    expect(response.status).toBe(200);
    files.push(((await response.json()) as { id: string }).id);
  }
  return { id: created.id, files };
}
