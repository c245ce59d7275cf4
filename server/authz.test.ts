// SPEC §6 and issue 3 item 6: every call checks the caller. For each route: no token → 401,
// another user's token → 404 with nothing changed, the owner → 2xx, the owner as a read-only
// user → 403 read_only_user with nothing changed for the calls that save files or create albums
// (issue 22), 2xx for the rest; and bad input anywhere → 4xx with a JSON body, never 500.
// Every route Fastify registers must be reached by a case (or be named in WITHOUT_CALLER with
// its reason).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesResponseSchema } from '../src/api/contract/files';
import { ErrorBodySchema, UploadResponseSchema } from '../src/api/contract/uploads';
import { ALBUM_ROLE_ROUTES } from './authz.roles';
import { hashPassword } from './auth/password';
import { addCard } from './db/cards';
import { createUser } from './db/users';
import {
  attachPaymentMethod,
  createCustomer,
  createSetupIntent,
  subscriptionsOf,
  updateSetupIntent,
} from './payments/store';
import { login, multipart, testServer, type TestServer } from './testing';

let server: TestServer;
let owner: Record<string, string>;
let stranger: Record<string, string>;
let ownerSession: string;
const ids = {
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

const jpeg = (seed: number) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: seed, g: 9, b: 9 } } })
    .jpeg()
    .toBuffer();

const TUS = { 'tus-resumable': '1.0.0' };

/** The creation of a resumable upload (tus) of `size` bytes into `job`. */
function resumableCreate(job: string, size = 1000) {
  const metadata = `job ${Buffer.from(job).toString('base64')},filename ${Buffer.from('big.mp4').toString('base64')}`;
  return {
    method: 'POST' as const,
    url: '/resumable_uploads',
    headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': metadata },
  };
}

/** One more byte of the owner's resumable upload, at the offset the server holds now. */
async function resumablePatch(id: string): Promise<InjectOptions> {
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

function uploadRequest(job: string, data: Buffer, fields = { path: 'x.jpg', mtime: '1' }) {
  const body = multipart(fields, [{ data }]);
  return {
    method: 'POST' as const,
    url: `/jobs/${job}/upload`,
    headers: body.headers,
    payload: body.payload,
  };
}

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
  const strangerJob = (await server.app.inject({ url: '/jobs/default', headers: stranger })).json<{
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

const TEST_CARD = {
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2040,
  behaviour: 'succeeds',
} as const;

/** Both users as customers of the payment emulator with a card on file. */
function paymentFixtures(): void {
  for (const id of [server.seed.demoUserId, strangerUserId()]) {
    createCustomer(server.ctx.db, id, 'Customer', `c${id}@example.com`);
    attachPaymentMethod(server.ctx.db, id, TEST_CARD);
  }
}

const strangerUserId = () =>
  (
    server.ctx.db.prepare("SELECT id FROM users WHERE email = 'user2@example.com'").get() as {
      id: number;
    }
  ).id;

const ownerUuid = () =>
  (
    server.ctx.db.prepare('SELECT uuid FROM users WHERE id = ?').get(server.seed.demoUserId) as {
      uuid: string;
    }
  ).uuid;

/** Every table but sessions (reads touch last_used), plus what is stored on disk. */
function snapshot(): string {
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
function ownerState(): string {
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

type Case = {
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
   * existence of the thing is its owner's alone (a resumable upload, issue 32); 'secured' (403
   * with SPEC §7's "User does not have access to secured job", which the client maps to its
   * login prompt) for a job's info asked without any token.
   */
  anonymous?: 'hidden' | 'secured';
};

const get = (url: string) => ({ method: 'GET' as const, url });
/** An archive download's form post (the token comes from the Authorization header here). */
const form = (url: string, fileIds: string) => ({
  method: 'POST' as const,
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ file_ids: fileIds }).toString(),
});
const cases: Case[] = [
  {
    name: 'job info',
    request: () => get(`/jobs/${ids.job}/info`),
    other: 'hidden',
    anonymous: 'secured',
  },
  { name: 'months', request: () => get(`/jobs/${ids.job}/timeline/months`), other: 'hidden' },
  { name: 'files', request: () => get(`/jobs/${ids.job}/files`), other: 'hidden' },
  { name: 'service', request: () => get(`/st/4/jobs/${ids.job}/service`), other: 'hidden' },
  { name: 'changes', request: () => get(`/jobs/${ids.job}/changes?since=0`), other: 'hidden' },
  {
    name: 'changes+status',
    request: () => get(`/jobs/${ids.job}/changes_and_async_upload_status?since=0`),
    other: 'hidden',
  },
  {
    name: 'poll',
    request: () => get(`/poll?seq=0&event=job_changed:${ids.job}`),
    other: 'hidden',
  },
  {
    name: 'file',
    request: () => get(`/jobs/${ids.job}/files_by_id/${ids.file}`),
    other: 'hidden',
  },
  {
    name: 'metadata',
    request: () => get(`/jobs/${ids.job}/metadata/${ids.uploaded}`),
    other: 'hidden',
  },
  {
    name: 'content',
    request: () => get(`/st/4/jobs/${ids.job}/files_by_id/${ids.uploaded}`),
    other: 'hidden',
  },
  {
    name: 'v-check',
    request: () => get(`/st/4/jobs/${ids.job}/files_by_id/${ids.uploaded}/v-check`),
    other: 'hidden',
  },
  { name: 'thumbnail', request: () => get(`/th/3/${ids.file}?area=256`), other: 'hidden' },
  {
    name: 'trash thumbnail',
    request: () => get(`/th/3/trash/${ids.job}/${ids.trashed}`),
    other: 'hidden',
  },
  {
    name: 'files_dedup',
    request: () => ({
      method: 'POST',
      url: `/jobs/${ids.job}/files_dedup`,
      payload: { path: 'again.jpg', checksum: ids.checksum, mtime: 1 },
    }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'upload',
    request: async () => uploadRequest(ids.job, await jpeg(2)),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'resumable upload: create',
    request: () => resumableCreate(ids.job),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'resumable upload: write',
    request: () => resumablePatch(ids.partial),
    anonymous: 'hidden',
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'resumable upload: cancel',
    request: () => ({
      method: 'DELETE',
      url: `/resumable_uploads/${ids.cancelPartial}`,
      headers: TUS,
    }),
    anonymous: 'hidden',
    other: 'hidden',
    once: true,
  },
  {
    name: 'delete file',
    request: () => ({ method: 'DELETE', url: `/jobs/${ids.job}/files_by_id/${ids.victim}` }),
    other: 'hidden',
    once: true,
  },
  {
    name: 'multi_rollback',
    request: () => ({
      method: 'POST',
      url: `/jobs/${ids.job}/multi_rollback`,
      payload: { file_uuids: [ids.restorable] },
    }),
    other: 'hidden',
    readOnly: 'refused',
  },
  { name: 'documents', request: () => get(`/jobs/${ids.job}/documents`), other: 'hidden' },
  {
    name: 'archive',
    request: () => form(`/st/4/jobs/${ids.job}/files_as_archive`, `${ids.file},${ids.uploaded}`),
    other: 'hidden',
  },
  {
    name: 'trash archive',
    request: () => form(`/st/4/jobs/${ids.job}/files_from_trash_as_archive`, ids.trashed),
    other: 'hidden',
  },
  {
    name: 'delete device',
    request: () => ({ method: 'DELETE', url: `/devices/${ownerSession}` }),
    other: 'hidden',
    once: true,
  },
  { name: 'account_info', request: () => get('/account_info'), other: 'own' },
  { name: 'default job', request: () => get('/jobs/default'), other: 'own' },
  { name: 'jobs', request: () => get('/jobs?stories=1&include_details=1'), other: 'own' },
  {
    name: 'create album',
    request: () => ({
      method: 'POST',
      url: '/jobs',
      payload: { type: 'story', name: 'New', public: false, allow_comments: true },
    }),
    other: 'own',
    readOnly: 'refused',
  },
  { name: 'devices', request: () => get('/devices'), other: 'own' },
  {
    name: 'name',
    request: () => ({ method: 'POST', url: '/name', payload: { name: 'Changed' } }),
    other: 'own',
  },
  {
    name: 'profile picture',
    request: async () => {
      const body = multipart({}, [{ data: await jpeg(3) }]);
      return {
        method: 'POST',
        url: '/profile_picture?path=me.jpg',
        headers: body.headers,
        payload: body.payload,
      };
    },
    other: 'own',
  },
  { name: 'get option', request: () => get('/options/k'), other: 'own' },
  {
    name: 'put option',
    request: () => ({ method: 'PUT', url: '/options/k', payload: { value: 'v' } }),
    other: 'own',
  },
  { name: 'delete option', request: () => ({ method: 'DELETE', url: '/options/k' }), other: 'own' },
  {
    name: 'get attribute',
    request: () => get('/account_attribute?account_attribute_key=k'),
    other: 'own',
  },
  {
    name: 'post attribute',
    request: () => ({
      method: 'POST',
      url: '/account_attribute?account_attribute_key=k',
      headers: { 'content-type': 'text/plain' },
      payload: 'v',
    }),
    other: 'own',
  },
  {
    name: 'delete attribute',
    request: () => ({ method: 'DELETE', url: '/account_attribute?account_attribute_key=k' }),
    other: 'own',
  },
  { name: 'user grants', request: () => get('/user_grants'), other: 'own' },
  {
    name: 'approve terms',
    request: () => ({ method: 'POST', url: '/approve_tos', payload: { tos_version: 'v1' } }),
    other: 'own',
  },
  { name: 'consent values', request: () => get('/data_protection/consent_values'), other: 'own' },
  {
    name: 'update consents',
    request: () => ({
      method: 'POST',
      url: '/data_protection/consent_values',
      payload: { help_us_improve: true },
    }),
    other: 'own',
  },
  {
    name: 'data access availability',
    request: () => get('/data_protection/request_data_access_availability'),
    other: 'own',
  },
  {
    name: 'request data access',
    request: () => ({ method: 'POST', url: '/data_protection/request_data_access' }),
    other: 'own',
    once: true,
  },
  { name: 'digital legacy', request: () => get('/digital_legacy'), other: 'own' },
  {
    name: 'set digital legacy',
    request: () => ({
      method: 'POST',
      url: '/digital_legacy?digital_legacy_choice=do_not_provide_content_to_anybody',
      payload: [],
    }),
    other: 'own',
  },
  // SPEC §7 Payments: each user's own customer, card and subscriptions; another user's
  // subscription or setup intent is not found. Before "delete test payment data", which
  // removes them; the fixtures are made in beforeAll.
  { name: 'plans', request: () => get('/stripe_products'), other: 'own' },
  { name: 'customer exists', request: () => get('/stripe/customer_exists'), other: 'own' },
  {
    name: 'create customer',
    request: () => ({
      method: 'POST',
      url: '/stripe/create_customer',
      payload: { name: 'C', email: 'c@example.com' },
    }),
    other: 'own',
  },
  {
    name: 'create setup intent',
    request: () => ({ method: 'POST', url: '/stripe/create_setup_intent' }),
    other: 'own',
  },
  {
    name: 'finish setup intent',
    request: () => ({
      method: 'POST',
      url: '/stripe/finish_setup_intent',
      payload: { setup_intent_id: ids.setupIntent },
    }),
    other: 'hidden',
    once: true,
  },
  { name: 'payment method', request: () => get('/stripe_payment_method'), other: 'own' },
  {
    name: 'purchase',
    request: () => ({
      method: 'POST',
      url: '/stripe/v1/purchase',
      payload: { plan: 'prod_500gb_monthly' },
    }),
    other: 'own',
    once: true,
  },
  { name: 'subscriptions', request: () => get('/stripe/subscriptions'), other: 'own' },
  {
    // A downgrade: the smaller plan becomes the upcoming one.
    name: 'change plan',
    request: () => ({
      method: 'PUT',
      url: '/stripe/v1/purchase',
      payload: { plan: 'prod_100gb_monthly' },
    }),
    other: 'own',
    once: true,
  },
  {
    // Before the cancellation, which deletes the card too (SPEC §4).
    name: 'delete payment method',
    request: () => ({ method: 'DELETE', url: '/stripe_payment_method' }),
    other: 'own',
    once: true,
  },
  ...(
    [
      ['cancel_upcoming', true],
      ['cancel', false],
      ['reactivate', true],
    ] as const
  ).map(([action, once]): Case => ({
    name: `subscription ${action}`,
    request: () => {
      const sub = subscriptionsOf(server.ctx.db, server.seed.demoUserId)[0] ?? { id: 'none' };
      return { method: 'POST', url: `/stripe/subscriptions/${sub.id}/${action}` };
    },
    other: 'hidden',
    ...(once ? { once: true as const } : {}),
  })),
  { name: 'trash list', request: () => get('/trash_can?offset=0&limit=10'), other: 'own' },
  { name: 'trash albums', request: () => get('/trash_can_albums'), other: 'own' },
  {
    name: 'trash album files',
    request: () => get(`/trash_can_albums/${ids.trashedAlbum}/files`),
    other: 'hidden',
  },
  {
    name: 'restore albums',
    request: () => ({ method: 'POST', url: '/rollback_albums', payload: { job_uuids: ['none'] } }),
    other: 'own',
    readOnly: 'refused',
  },
  {
    name: 'delete trash albums',
    request: () => ({
      method: 'DELETE',
      url: '/delete_albums_from_trash_can',
      payload: { job_uuids: ['none'] },
    }),
    other: 'own',
  },
  {
    name: 'create share',
    request: () => ({
      method: 'POST',
      url: '/shares',
      payload: { job: ids.job, files: [ids.file] },
    }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'share password',
    request: () => ({
      method: 'POST',
      url: `/shares/${ids.share}/password`,
      payload: { password: 'c2VjcmV0' },
    }),
    other: 'hidden',
  },
  {
    name: 'publish',
    request: () => ({
      method: 'POST',
      url: `/jobs/${ids.share}/publish`,
      payload: { to_email: 'friend@example.com', subject: 'Look' },
    }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    // The stranger's own share: the owner (not its maker) copies it; its maker may not.
    name: 'copy share',
    request: () => ({ method: 'POST', url: `/shares/${ids.strangerShare}/copy` }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'stop share',
    request: () => ({ method: 'DELETE', url: `/shares/${ids.stopShare}` }),
    other: 'hidden',
    once: true,
  },
  { name: 'full-screen cards', request: () => get('/v2/full_screen_cards'), other: 'own' },
  {
    name: 'dismiss card',
    request: () => ({ method: 'POST', url: `/full_screen_cards/${ids.card}/dismiss` }),
    other: 'hidden',
  },
  {
    // Events name their user: the owner's, so another caller is refused.
    name: 'statistics events',
    request: () => ({
      method: 'POST',
      url: '/user_statistics_events',
      payload: {
        events: [
          {
            device_id: 'd',
            session_id: 's',
            user_uuid: ownerUuid(),
            event_name: 'web_album_open',
            event_data: {},
            created_at: 1,
          },
        ],
      },
    }),
    other: 'refused',
  },
  {
    name: 'client stats',
    request: () => ({
      method: 'POST',
      url: '/client_stats?device_id=d',
      payload: { last_foreground: 1, last_engaged: null },
    }),
    other: 'own',
  },
  {
    // Another user's call purges nothing of the owner's (their own trash has no such file).
    name: 'empty trash',
    request: () => ({ method: 'POST', url: '/empty_trash_can', payload: { fileid: [ids.victim] } }),
    other: 'own',
  },
  {
    // The owner's TV: pairing again is theirs; another sender is refused (409), never swapped in.
    name: 'cast pair',
    request: () => ({ method: 'POST', url: '/cast/pair', payload: { code: ids.castCode } }),
    other: 'refused',
  },
  {
    name: 'cast session',
    request: () => get(`/cast/sessions/${ids.castSession}`),
    other: 'hidden',
  },
  {
    name: 'cast message',
    request: () => ({
      method: 'POST',
      url: `/cast/sessions/${ids.castSession}/messages`,
      payload: { type: 'autoPlayChanged', autoPlay: false },
    }),
    other: 'hidden',
  },
  {
    name: 'stop casting',
    request: () => ({ method: 'DELETE', url: `/cast/sessions/${ids.castSession}` }),
    other: 'hidden',
    once: true,
  },
];

const setReadOnly = (userId: number, readOnly: boolean) =>
  server.ctx.db
    .prepare('UPDATE users SET read_only = ? WHERE id = ?')
    .run(readOnly ? 1 : 0, userId);

async function send(c: Case, auth: Record<string, string>) {
  const request = await c.request();
  return server.app.inject({
    ...request,
    headers: { ...(request.headers as Record<string, string> | undefined), ...auth },
  });
}

const isJsonError = (body: string) => ErrorBodySchema.safeParse(JSON.parse(body)).success;

/**
 * Registered routes that answer without a caller, each with the reason. Every other route must be
 * reached by a case of the matrix: a new route without one fails 'covers every registered route'.
 */
const WITHOUT_CALLER: Record<string, string> = {
  'GET /supported_extensions': 'the list of accepted file types is public',
  'GET /st/4/telenorid/preflight_oauth2login': 'starts the login (auth/auth.test.ts)',
  'GET /idp/authorize': "the identity provider's login page (auth/auth.test.ts)",
  'POST /idp/authorize': "the identity provider's login form (auth/auth.test.ts)",
  'POST /st/4/telenorid/postflight_oauth2callback': 'ends the login (auth/auth.test.ts)',
  'GET /profile_picture/:key': 'public like any avatar: the unguessable key is the capability',
  'POST /cast/receivers':
    'a TV asks for a pairing code before anyone signs in (routes/cast.test.ts)',
  'GET /cast/receivers/:id/events': "the receiver's token is the capability (routes/cast.test.ts)",
  'POST /cast/receivers/:id/code': "the receiver's token is the capability (routes/cast.test.ts)",
  'POST /cast/receivers/:id/state': "the receiver's token is the capability (routes/cast.test.ts)",
  'GET /cast/receivers/:id/media/:jobId/:fileId/thumbnail':
    "the receiver's token, and only files its paired sender cast and still reads (routes/cast.test.ts)",
  'GET /cast/receivers/:id/media/:jobId/:fileId/content':
    "the receiver's token, and only files its paired sender cast and still reads (routes/cast.test.ts)",
  'GET /cast/sessions/:id/events':
    'a stream the matrix cannot wait out: the same sessionOf check as GET /cast/sessions/:id (routes/cast.test.ts)',
  'OPTIONS *': 'CORS preflights (main.test.ts: the web origins only)',
  'GET /shares/:id':
    'a share link opens to anyone; its password and expiry are checked (routes/shares.test.ts)',
  'GET /consent/user/email_consent':
    "the consent host: an email's unsubscribe id is the capability (routes/privacy.test.ts)",
  'POST /consent/user/email_consent':
    "the consent host: an email's unsubscribe id is the capability (routes/privacy.test.ts)",
  'GET /stripe-emulator/v3.js': "the payment emulator's browser script, public like the provider's",
  'GET /stripe-emulator/element.html': "the emulator's card frame, public like the provider's",
  'GET /stripe-emulator/challenge.html': "the emulator's 3-D Secure frame, public",
  'GET /stripe-emulator/frame.js': "the emulator frames' shared script, public",
  'GET /stripe-emulator/element.js': "the emulator's card frame script, public",
  'GET /stripe-emulator/challenge.js': "the emulator's 3-D Secure frame script, public",
  'POST /stripe-emulator/v1/setup_intents/:id/confirm':
    "the card frame's confirm: the setup intent's client secret is the capability (payments/payments.test.ts)",
  'POST /stripe-emulator/v1/setup_intents/:id/authenticate':
    "the challenge frame's answer: the client secret is the capability (payments/payments.test.ts)",
  'GET /stripe-emulator/v1/payment_intents/:id':
    "handleNextAction's read of a payment intent: its client secret is the capability (payments/payments.test.ts)",
  'POST /stripe-emulator/v1/payment_intents/:id/authenticate':
    "the challenge frame's answer for a payment: the client secret is the capability (payments/payments.test.ts)",
};
/** Routes of the test-only controls (never registered by `npm start`). */
const isTestControl = (route: string) => route.split(' ')[1].startsWith('/__test/');
/** The routes the matrix's cases reached. */
const covered = new Set<string>();

describe('authorisation matrix', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    server.matchedRoutes.clear();
    const before = snapshot();
    const refusedWith = c.anonymous === 'hidden' ? 404 : 401;
    const anonymous = await send(c, {});
    expect(anonymous.statusCode).toBe(c.anonymous === 'secured' ? 403 : refusedWith);
    if (c.anonymous === 'secured') {
      expect(anonymous.body).toContain('User does not have access to secured job');
    }
    expect(isJsonError(anonymous.body)).toBe(true);
    // The route Fastify matched for this case (routing precedes the 401).
    for (const route of server.matchedRoutes) covered.add(route);
    const forged = await send(c, { authorization: 'Basic Zm9yZ2VkOg==' });
    expect(forged.statusCode).toBe(refusedWith);
    expect(snapshot()).toBe(before);

    const ownerBefore = ownerState();
    const other = await send(c, stranger);
    if (c.other === 'hidden') {
      expect(other.statusCode).toBe(404);
      expect(isJsonError(other.body)).toBe(true);
      expect(snapshot()).toBe(before);
    } else if (c.other === 'refused') {
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      expect(other.statusCode).toBeLessThan(500);
      expect(isJsonError(other.body)).toBe(true);
      expect(snapshot()).toBe(before);
    } else {
      expect(other.statusCode).toBeLessThan(300);
      expect(ownerState()).toBe(ownerBefore);
    }

    // The read-only role: the owner without a subscription.
    setReadOnly(server.seed.demoUserId, true);
    try {
      if (c.readOnly === 'refused') {
        const before = snapshot();
        const refused = await send(c, owner);
        expect(refused.statusCode, refused.body.slice(0, 200)).toBe(403);
        expect(ErrorBodySchema.parse(refused.json())).toMatchObject({ error: 'read_only_user' });
        expect(snapshot()).toBe(before);
      } else {
        const allowed = await send(c, owner);
        expect(allowed.statusCode, allowed.body.slice(0, 200)).toBeGreaterThanOrEqual(200);
        expect(allowed.statusCode).toBeLessThan(300);
      }
    } finally {
      setReadOnly(server.seed.demoUserId, false);
    }
    if (c.once) return;

    const own = await send(c, owner);
    expect(own.statusCode, own.body.slice(0, 200)).toBeGreaterThanOrEqual(200);
    expect(own.statusCode).toBeLessThan(300);
  });

  it('a visitor token (issue 14) is no account: every call of the matrix answers it 401', async () => {
    const album = (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: 'Open', public: true },
      })
    ).json<{ id: string }>().id;
    const named = await server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/visitor_token`,
      payload: { name: 'Guest' },
    });
    expect(named.statusCode).toBe(200);
    const guest = { 'x-visitor-token': named.json<{ token: string }>().token };
    const before = snapshot();
    for (const c of cases) {
      const answer = await send(c, guest);
      const refusal = { hidden: 404, secured: 403 } as const;
      expect(answer.statusCode, c.name).toBe(c.anonymous ? refusal[c.anonymous] : 401);
    }
    expect(snapshot()).toBe(before);
  });

  it('a read-only user still views albums others share with them (SPEC §6)', async () => {
    const member = (await login(server.app, 'user1@example.com')).auth;
    const shared = server.ctx.db
      .prepare('SELECT j.uuid FROM jobs j JOIN job_members m ON m.job = j.id WHERE j.owner_id = ?')
      .get(server.seed.demoUserId) as { uuid: string };
    const user1 = server.ctx.db
      .prepare("SELECT id FROM users WHERE email = 'user1@example.com'")
      .get() as { id: number };
    setReadOnly(user1.id, true);
    try {
      for (const url of [
        `/jobs/${shared.uuid}/info`,
        `/jobs/${shared.uuid}/files`,
        `/jobs/${shared.uuid}/timeline/months`,
        '/jobs?stories=1',
      ]) {
        expect((await server.app.inject({ url, headers: member })).statusCode, url).toBe(200);
      }
    } finally {
      setReadOnly(user1.id, false);
    }
  });

  it('logout revokes only the caller’s own session', async () => {
    const extra = await login(server.app, 'demo@example.com', 'capture-demo', 'device-x');
    server.matchedRoutes.clear();
    const ownerBefore = server.ctx.db.prepare('SELECT COUNT(*) AS n FROM sessions').get();
    expect((await server.app.inject({ method: 'POST', url: '/logout' })).statusCode).toBe(401);
    const out = await server.app.inject({ method: 'POST', url: '/logout', headers: extra.auth });
    expect(out.statusCode).toBe(204);
    expect(server.ctx.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({
      n: (ownerBefore as { n: number }).n - 1,
    });
    expect((await server.app.inject({ url: '/account_info', headers: owner })).statusCode).toBe(
      200,
    );
    covered.add('POST /logout');
  });

  it('account deletion needs a caller and ends only the caller’s own sessions', async () => {
    const url = '/data_protection/request_account_deletion';
    server.matchedRoutes.clear();
    expect((await server.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const forged = { authorization: 'Basic Zm9yZ2VkOg==' };
    expect((await server.app.inject({ method: 'POST', url, headers: forged })).statusCode).toBe(
      401,
    );
    for (const route of server.matchedRoutes) covered.add(route);
    createUser(server.ctx.db, {
      email: 'leaving@example.com',
      name: 'Leaving',
      passwordHash: await hashPassword('pw-leaving'),
      now: server.ctx.now(),
    });
    const leaving = await login(server.app, 'leaving@example.com', 'pw-leaving');
    const done = await server.app.inject({ method: 'POST', url, headers: leaving.auth });
    expect(done.statusCode).toBe(200);
    const after = await server.app.inject({ url: '/account_info', headers: leaving.auth });
    expect(after.statusCode).toBe(401);
    expect((await server.app.inject({ url: '/account_info', headers: owner })).statusCode).toBe(
      200,
    );
    expect((await server.app.inject({ url: '/account_info', headers: stranger })).statusCode).toBe(
      200,
    );
  });

  // Runs after the cases above: wave 2's routes cannot slip past the matrix.
  it('covers every registered route (or names why it needs no caller)', () => {
    expect(server.routes.length).toBeGreaterThan(cases.length / 2);
    // The album routes are checked role by role in authz.roles.test.ts.
    const roles = new Set<string>(ALBUM_ROLE_ROUTES);
    const missing = server.routes.filter(
      (route) =>
        !covered.has(route) &&
        !roles.has(route) &&
        !(route in WITHOUT_CALLER) &&
        !isTestControl(route),
    );
    expect(missing, 'routes without a case in the authorisation matrix').toEqual([]);
    // The exceptions name routes that exist, so the list cannot go stale.
    for (const route of Object.keys(WITHOUT_CALLER)) expect(server.routes).toContain(route);
  });
});

describe('bad input', () => {
  const huge = '9'.repeat(40);
  const long = 'x'.repeat(10_000);
  const json = (method: 'POST' | 'PUT', url: string, payload: string) => ({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload,
  });
  const bad: [string, () => InjectOptions][] = [
    ['unknown job', () => get('/jobs/nope/info')],
    ['unknown job files', () => get('/jobs/00000000-0000-0000-0000-000000000000/files')],
    ['long job id', () => get(`/jobs/${long.slice(0, 300)}/info`)],
    ['unknown file', () => get(`/jobs/${ids.job}/files_by_id/zzzzzz-0000`)],
    ['malformed file id', () => get(`/jobs/${ids.job}/files_by_id/..%2F..%2Fetc`)],
    ['forged file tag', () => get(`/jobs/${ids.job}/metadata/${ids.file.slice(0, -4)}ffff`)],
    ['trashed file', () => get(`/jobs/${ids.job}/files_by_id/${ids.trashed}`)],
    ['trashed content', () => get(`/st/4/jobs/${ids.job}/files_by_id/${ids.trashed}`)],
    ['live file as trash', () => get(`/th/3/trash/${ids.job}/${ids.file}`)],
    [
      'delete unknown',
      () => ({ method: 'DELETE', url: `/jobs/${ids.job}/files_by_id/zzzzzz-0000` }),
    ],
    [
      'delete trashed',
      () => ({ method: 'DELETE', url: `/jobs/${ids.job}/files_by_id/${ids.trashed}` }),
    ],
    ['since text', () => get(`/jobs/${ids.job}/changes?since=abc`)],
    ['since huge', () => get(`/jobs/${ids.job}/changes?since=${huge}`)],
    ['since negative', () => get(`/jobs/${ids.job}/changes?since=-7`)],
    ['seq text', () => get(`/poll?seq=soon&event=job_changed:${ids.job}`)],
    ['poll unknown job', () => get('/poll?seq=0&event=job_changed:nope')],
    ['area text', () => get(`/th/3/${ids.file}?area=big`)],
    ['area huge', () => get(`/th/3/${ids.file}?area=${huge}`)],
    ['start text', () => get(`/jobs/${ids.job}/files?start=yesterday`)],
    ['download flag', () => get(`/st/4/jobs/${ids.job}/files_by_id/${ids.file}?download=yes`)],
    ['name bad JSON', () => json('POST', '/name', '{"name": ')],
    ['name huge', () => json('POST', '/name', JSON.stringify({ name: long }))],
    ['name not a string', () => json('POST', '/name', '{"name": ["a"]}')],
    ['name array body', () => json('POST', '/name', '[1,2]')],
    [
      'name over body limit',
      () => json('POST', '/name', JSON.stringify({ name: 'x'.repeat(2e6) })),
    ],
    ['option bad JSON', () => json('PUT', '/options/k', '{value}')],
    ['option value huge', () => json('PUT', '/options/k', JSON.stringify({ value: long }))],
    ['option key bad', () => json('PUT', '/options/a%20b', '{"value":1}')],
    ['attribute no key', () => ({ method: 'POST', url: '/account_attribute', payload: 'v' })],
    [
      'attribute huge',
      () => json('POST', '/account_attribute?account_attribute_key=k', JSON.stringify(long)),
    ],
    ['attribute bad JSON', () => json('POST', '/account_attribute?account_attribute_key=k', '{')],
    ['dedup bad JSON', () => json('POST', `/jobs/${ids.job}/files_dedup`, '{"path":')],
    ['dedup array', () => json('POST', `/jobs/${ids.job}/files_dedup`, '[]')],
    [
      'dedup huge path',
      () =>
        json(
          'POST',
          `/jobs/${ids.job}/files_dedup`,
          JSON.stringify({ path: long, checksum: ids.checksum, mtime: 1 }),
        ),
    ],
    [
      'dedup negative mtime',
      () =>
        json(
          'POST',
          `/jobs/${ids.job}/files_dedup`,
          JSON.stringify({ path: 'a.jpg', checksum: ids.checksum, mtime: -1 }),
        ),
    ],
    [
      'upload path too long for a field',
      () => uploadRequest(ids.job, Buffer.from('x'), { path: long, mtime: '1' }),
    ],
    ['upload not multipart', () => json('POST', `/jobs/${ids.job}/upload`, '{}')],
    [
      'profile picture not multipart',
      () => ({ method: 'POST', url: '/profile_picture', payload: { file: 'x' } }),
    ],
    [
      'rollback no ids',
      () => json('POST', `/jobs/${ids.job}/multi_rollback`, JSON.stringify({ file_uuids: [] })),
    ],
    ['rollback bad JSON', () => json('POST', `/jobs/${ids.job}/multi_rollback`, '{"file_')],
    ['documents limit huge', () => get(`/jobs/${ids.job}/documents?limit=${huge}`)],
    ['archive unknown id', () => form(`/st/4/jobs/${ids.job}/files_as_archive`, 'zzzzzz-0000')],
    ['archive trashed id', () => form(`/st/4/jobs/${ids.job}/files_as_archive`, ids.trashed)],
    [
      'trash archive live id',
      () => form(`/st/4/jobs/${ids.job}/files_from_trash_as_archive`, ids.file),
    ],
    [
      'archive bad flag',
      () => form(`/st/4/jobs/${ids.job}/files_as_archive?master_only=yes`, ids.file),
    ],
    ['archive JSON array', () => json('POST', `/st/4/jobs/${ids.job}/files_as_archive`, '[1]')],
    ['create album bad JSON', () => json('POST', '/jobs', '{"type": "story",')],
    ['create album no type', () => json('POST', '/jobs', '{"name": "x"}')],
    ['create timeline', () => json('POST', '/jobs', '{"type": "timeline"}')],
    [
      'create album name too long',
      () => json('POST', '/jobs', JSON.stringify({ type: 'story', name: 'x'.repeat(256) })),
    ],
    ['create album bad flag', () => json('POST', '/jobs', '{"type": "story", "public": "yes"}')],
    [
      'create album huge password',
      () => json('POST', '/jobs', JSON.stringify({ type: 'story', password: long })),
    ],
    ['dismiss unknown card', () => ({ method: 'POST', url: '/full_screen_cards/none/dismiss' })],
    ['card id too long', () => ({ method: 'POST', url: `/full_screen_cards/${long}/dismiss` })],
    ['events bad JSON', () => json('POST', '/user_statistics_events', '{"events": [')],
    ['events not a list', () => json('POST', '/user_statistics_events', '{"events": {}}')],
    ['client stats bad', () => json('POST', '/client_stats', '{"last_foreground": -1}')],
    ['unknown route', () => get('/jobs/x/y/z/w')],
  ];

  it.each(bad)('%s → 4xx JSON, nothing changes', async (_name, request) => {
    const before = snapshot();
    const req = request();
    const res = await server.app.inject({
      ...req,
      headers: { ...(req.headers as Record<string, string> | undefined), ...owner },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    expect(isJsonError(res.body)).toBe(true);
    expect(snapshot()).toBe(before);
  });
});
