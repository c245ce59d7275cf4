// The authorisation matrix's world (SPEC §6, issue 3 item 6), one per test file: the demo user
// (the owner) with a second device, a stranger (user2; user1 is a member of the owner's shared
// album), and the things each case acts on (ids). Each matrix file calls setUpAuthzFixture() and
// gets its own server, so an area's cases run in the order they are written, on a world no
// other area has touched. `server`, `owner`, `stranger` and `ownerSession` are live bindings:
// read them inside a test or a case's request, not at import.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { FilesResponseSchema } from '../../../src/api/contract/files';
import { ErrorBodySchema, UploadResponseSchema } from '../../../src/api/contract/uploads';
import { addCard } from '../../db/cards';
import {
  attachPaymentMethod,
  createCustomer,
  createSetupIntent,
  updateSetupIntent,
} from '../../payments/store';
import { login, multipart, testServer, type TestServer } from '../../testing';

export let server: TestServer;
export let owner: Record<string, string>;
export let stranger: Record<string, string>;
export let ownerSession: string;
export const ids = {
  job: '',
  file: '',
  victim: '',
  uploaded: '',
  checksum: '',
  trashed: '',
  restorable: '',
  share: '',
  stopShare: '',
  strangerShare: '',
  trashedAlbum: '',
  card: '',
  castCode: '',
  castSession: '',
  setupIntent: '',
  /** Resumable uploads of the owner's (issue 32): one written to, one cancelled. */
  partial: '',
  cancelPartial: '',
};

export const jpeg = (seed: number) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: seed, g: 9, b: 9 } } })
    .jpeg()
    .toBuffer();

export const TUS = { 'tus-resumable': '1.0.0' };

/** The creation of a resumable upload (tus) of `size` bytes into `job`. */
export function resumableCreate(job: string, size = 1000) {
  const metadata = `job ${Buffer.from(job).toString('base64')},filename ${Buffer.from('big.mp4').toString('base64')}`;
  return {
    method: 'POST' as const,
    url: '/resumable_uploads',
    headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': metadata },
  };
}

/** One more byte of the owner's resumable upload, at the offset the server holds now. */
export async function resumablePatch(id: string): Promise<InjectOptions> {
  const offset = (await server.ctx.media.partials.find(id))?.offset ?? 0;
  return {
    method: 'PATCH',
    url: `/resumable_uploads/${id}`,
    headers: {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: Buffer.from('x'),
  };
}

export function uploadRequest(job: string, data: Buffer, fields = { path: 'x.jpg', mtime: '1' }) {
  const body = multipart(fields, [{ data }]);
  return {
    method: 'POST' as const,
    url: `/jobs/${job}/upload`,
    headers: body.headers,
    payload: body.payload,
  };
}

/** Builds the world before the file's tests and closes its server after them. */
export function setUpAuthzFixture(): void {
  beforeAll(async () => {
    // Two other users: user1 is a member of the demo user's shared album, user2 is a stranger.
    server = await testServer(300, 2);
    owner = (await login(server.app)).auth;
    stranger = (await login(server.app, 'user2@example.com')).auth;
    // A second device of the owner: the matrix revokes it (revoking the first would log us out).
    const spare = await login(server.app, 'demo@example.com', 'capture-demo', 'device-spare');
    const devices = await server.app.inject({ url: '/devices', headers: spare.auth });
    ownerSession = devices.json<{ current: string }>().current;
    ids.job = (await server.app.inject({ url: '/jobs/default', headers: owner })).json<{
      id: string;
    }>().id;
    const files = FilesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${ids.job}/files`, headers: owner })).json(),
    ).files.filter((f) => f.type === 'picture');
    [ids.file, ids.victim, ids.trashed, ids.restorable] = files.slice(0, 4).map((f) => f.id);
    const data = await jpeg(1);
    const up = uploadRequest(ids.job, data);
    const res = await server.app.inject({ ...up, headers: { ...up.headers, ...owner } });
    ids.uploaded = UploadResponseSchema.parse(res.json()).id;
    ids.checksum = createHash('sha1').update(data).digest('hex');
    for (const id of [ids.trashed, ids.restorable]) {
      await server.app.inject({
        method: 'DELETE',
        url: `/jobs/${ids.job}/files_by_id/${id}`,
        headers: owner,
      });
    }
    const share = async (auth: Record<string, string>, job: string, file: string) =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/shares',
          headers: auth,
          payload: { job, files: [file] },
        })
      ).json<{ id: string }>().id;
    ids.share = await share(owner, ids.job, ids.file);
    ids.stopShare = await share(owner, ids.job, ids.file);
    const strangerJob = (
      await server.app.inject({ url: '/jobs/default', headers: stranger })
    ).json<{
      id: string;
    }>().id;
    const strangerFile = FilesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${strangerJob}/files`, headers: stranger })).json(),
    ).files[0].id;
    ids.strangerShare = await share(stranger, strangerJob, strangerFile);
    // An album of the owner's in the trash, holding one file.
    ids.trashedAlbum = (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: 'Gone', public: false },
      })
    ).json<{ id: string }>().id;
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${ids.trashedAlbum}/copy_files`,
      headers: owner,
      payload: { source_job: ids.job, file_ids: [ids.file] },
    });
    await server.app.inject({ method: 'DELETE', url: `/jobs/${ids.trashedAlbum}`, headers: owner });
    // A full-screen card of the owner's; and both users allow analytics (help_us_improve), so the
    // statistics calls reach their checks of the caller.
    ids.card = addCard(
      server.ctx.db,
      server.seed.demoUserId,
      { priority: 1, template: 'generic_message_1', client_values: { title: 'Hi' } },
      server.ctx.now(),
    );
    paymentFixtures();
    const intent = createSetupIntent(server.ctx.db, server.seed.demoUserId, server.ctx.now());
    updateSetupIntent(server.ctx.db, intent.id, 'succeeded', TEST_CARD);
    ids.setupIntent = intent.id;
    for (const auth of [owner, stranger]) {
      await server.app.inject({
        method: 'POST',
        url: '/data_protection/consent_values',
        headers: auth,
        payload: { help_us_improve: true },
      });
    }
    // A TV paired with the owner: another sender is refused, the owner's session is theirs.
    const { receiver } = server.ctx.cast.createReceiver('TV');
    ids.castCode = receiver.code;
    ids.castSession = server.ctx.cast.pair(receiver.code, server.seed.demoUserId, 'demo').id;
    for (const key of ['partial', 'cancelPartial'] as const) {
      const create = resumableCreate(ids.job);
      const created = await server.app.inject({
        ...create,
        headers: { ...create.headers, ...owner },
      });
      ids[key] = String(created.headers.location).split('/').pop() ?? '';
    }
  });
  afterAll(() => server.close());
}

export const TEST_CARD = {
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2040,
  behaviour: 'succeeds',
} as const;

/** Both users as customers of the payment emulator with a card on file. */
export function paymentFixtures(): void {
  for (const id of [server.seed.demoUserId, strangerUserId()]) {
    createCustomer(server.ctx.db, id, 'Customer', `c${id}@example.com`);
    attachPaymentMethod(server.ctx.db, id, TEST_CARD);
  }
}

export const strangerUserId = () =>
  (
    server.ctx.db.prepare("SELECT id FROM users WHERE email = 'user2@example.com'").get() as {
      id: number;
    }
  ).id;

export const ownerUuid = () =>
  (
    server.ctx.db.prepare('SELECT uuid FROM users WHERE id = ?').get(server.seed.demoUserId) as {
      uuid: string;
    }
  ).uuid;

/** Every table but sessions (reads touch last_used), plus what is stored on disk. */
export function snapshot(): string {
  const db = server.ctx.db;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sessions'")
    .all() as { name: string }[];
  const hash = createHash('sha1');
  for (const { name } of tables) {
    const rows = db
      .prepare(`SELECT * FROM ${name}`)
      .all()
      .map((r) => JSON.stringify(r));
    hash.update(`${name}:${rows.sort().join('\n')}`);
  }
  for (const dir of ['blobs', 'posters', 'profile']) {
    const root = path.join(server.ctx.dataDir, dir);
    if (fs.existsSync(root)) hash.update(fs.readdirSync(root, { recursive: true }).join(','));
  }
  // Resumable uploads (issue 32): which there are and how many bytes each holds.
  const partials = path.join(server.ctx.dataDir, 'partials');
  for (const name of fs.existsSync(partials) ? fs.readdirSync(partials).sort() : []) {
    hash.update(`${name}:${fs.statSync(path.join(partials, name)).size}`);
  }
  return hash.digest('hex');
}

/** The demo user's own rows: what another user's account calls must never touch. */
export function ownerState(): string {
  const db = server.ctx.db;
  const q = (sql: string) => JSON.stringify(db.prepare(sql).all(server.seed.demoUserId));
  return [
    q('SELECT * FROM users WHERE id = ?'),
    q('SELECT * FROM user_options WHERE user_id = ?'),
    q('SELECT * FROM account_attributes WHERE user_id = ?'),
    q('SELECT * FROM grants WHERE user_id = ?'),
    q('SELECT id, user_id FROM sessions WHERE user_id = ?'),
    q('SELECT * FROM jobs WHERE owner_id = ?'),
    q('SELECT * FROM stripe_customers WHERE user_id = ?'),
    q('SELECT * FROM stripe_payment_methods WHERE user_id = ?'),
    q('SELECT * FROM stripe_subscriptions WHERE user_id = ?'),
  ].join('|');
}

export type Case = {
  name: string;
  request: () => InjectOptions | Promise<InjectOptions>;
  /**
   * Another user: 'hidden' (404, nothing changes), 'own' (acts on their own account) or
   * 'refused' (the request names the owner, 4xx and nothing changes).
   */
  other: 'hidden' | 'own' | 'refused';
  /**
   * The caller as a read-only user (SPEC §6 "creating albums and saving files need a
   * subscription"): 'refused' (403 read_only_user, nothing changes) or 'allowed' (as before).
   */
  readOnly?: 'refused';
  /** Works once only (deletes): run as the read-only owner, not again as the subscriber. */
  once?: true;
  /**
   * No token or a bad one: 401 by default; 'hidden' (404, nothing changes) where even the
   * existence of the thing is its owner's alone (a resumable upload, issue 32).
   */
  anonymous?: 'hidden';
};

export const get = (url: string) => ({ method: 'GET' as const, url });
/** An archive download's form post (the token comes from the Authorization header here). */
export const form = (url: string, fileIds: string) => ({
  method: 'POST' as const,
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ file_ids: fileIds }).toString(),
});

export const setReadOnly = (userId: number, readOnly: boolean) =>
  server.ctx.db
    .prepare('UPDATE users SET read_only = ? WHERE id = ?')
    .run(readOnly ? 1 : 0, userId);

export async function send(c: Pick<Case, 'request'>, auth: Record<string, string>) {
  const request = await c.request();
  return server.app.inject({
    ...request,
    headers: { ...(request.headers as Record<string, string> | undefined), ...auth },
  });
}

export const isJsonError = (body: string) => ErrorBodySchema.safeParse(JSON.parse(body)).success;
