// Issue 33 point 6: the device name given at sign-in and the card customer's name skipped the
// shared text rule (control characters were stored), and the rule itself let unpaired surrogates
// through everywhere. One rule (src/api/contract/text.ts: well-formed, no control characters,
// `\n` only in multi-line text) for every text the server keeps: each is tried here with NUL,
// ESC, CR, LF (single-line texts), C1, DEL and lone surrogates, and must answer 400 saying why
// with nothing stored.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateJobResponseSchema } from '../src/api/contract/albums';
import { authorize, login, multipart, testServer, type TestServer } from './testing';

let server: TestServer;
let auth: Record<string, string>;
let userUuid = '';
let timeline = '';
let album = '';
let file = '';
let comment = '';
let share = '';
let jpeg: Buffer;

beforeAll(async () => {
  server = await testServer(30, 1);
  auth = (await login(server.app)).auth;
  userUuid = (await server.app.inject({ url: '/account_info', headers: auth })).json<{
    uuid: string;
  }>().uuid;
  timeline = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{
    id: string;
  }>().id;
  album = CreateJobResponseSchema.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: auth,
        payload: { type: 'story', name: 'Texts', public: true },
      })
    ).json(),
  ).id;
  jpeg = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .jpeg()
    .toBuffer();
  const body = multipart({ path: 'ok.jpg', mtime: '1700000000' }, [{ data: jpeg }]);
  file = (
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/upload`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    })
  ).json<{ id: string }>().id;
  comment = (
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/files_by_id/${file}/comments`,
      headers: auth,
      payload: { comment: 'First' },
    })
  ).json<{ comment_uuid: string }>().comment_uuid;
  share = (
    await server.app.inject({
      method: 'POST',
      url: '/shares',
      headers: auth,
      payload: { job: album, files: [file] },
    })
  ).json<{ id: string }>().id;
  await server.app.inject({
    method: 'POST',
    url: '/data_protection/consent_values',
    headers: auth,
    payload: { help_us_improve: true },
  });
});
afterAll(() => server.close());

/** Every stored row (sessions without their last use), hashed: "nothing stored" is equality. */
function snapshot(): string {
  const db = server.ctx.db;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sessions'")
    .all() as { name: string }[];
  const hash = createHash('sha1');
  for (const { name } of tables) {
    const rows = db.prepare(`SELECT * FROM ${name}`).all();
    hash.update(`${name}:${rows.map((r) => JSON.stringify(r)).join('\n')}`);
  }
  hash.update(
    JSON.stringify(db.prepare('SELECT id, device_id, device_name FROM sessions ORDER BY id').all()),
  );
  return hash.digest('hex');
}

type Send = (text: string) => Promise<{ statusCode: number; body: string }>;

interface StoredText {
  name: string;
  send: Send;
  /** `\n` is allowed (a comment, an email message). */
  multiline?: boolean;
  /**
   * Sent in a URL, a form or a multipart part: UTF-8 cannot carry an unpaired surrogate there
   * (it arrives as U+FFFD), so only JSON bodies are tried with one.
   */
  noSurrogates?: boolean;
  /** A valid text to put in its place (default ' ok 📷'). */
  ok?: string;
}

const inject = (method: 'POST' | 'PUT', url: string, payload: unknown, headers = auth) =>
  server.app.inject({ method, url, headers, payload: payload as string });

/** A sign-in code whose postflight call carries `device` (name and id). */
async function postflight(device: { name?: string; id?: string }) {
  const { code, state, verifier } = await authorize(server.app, 'demo@example.com', 'capture-demo');
  return server.app.inject({
    method: 'POST',
    url: '/st/4/telenorid/postflight_oauth2callback',
    query: { device_id: device.id ?? 'device-texts' },
    payload: { code, code_verifier: verifier, state, device_name: device.name ?? 'Browser' },
  });
}

const legacy = (contact: Record<string, string>) =>
  inject('POST', '/digital_legacy?digital_legacy_choice=provide_content_to_contact', [
    {
      name: 'Ann Lee',
      phone_number: '+4712345678',
      email_address: 'ann@example.com',
      address: 'Street 1',
      ...contact,
    },
  ]);

const event = (fields: Record<string, unknown>) =>
  inject('POST', '/user_statistics_events', {
    events: [
      {
        device_id: 'd1',
        session_id: 's1',
        user_uuid: userUuid,
        event_name: 'web_album_open',
        event_data: {},
        created_at: 1_700_000_000,
        ...fields,
      },
    ],
  });

const STORED_TEXTS: StoredText[] = [
  { name: 'user name', send: (t) => inject('POST', '/name', { name: `Ann${t}e` }) },
  {
    name: 'new album name',
    send: (t) => inject('POST', '/jobs', { type: 'story', name: `T${t}rip` }),
  },
  { name: 'album rename', send: (t) => inject('POST', `/jobs/${album}/name`, { name: `A${t}A` }) },
  {
    name: 'upload file name',
    noSurrogates: true,
    send: (t) => {
      const body = multipart({ path: `a${t}.jpg`, mtime: '1' }, [{ data: jpeg }]);
      return inject('POST', `/jobs/${timeline}/upload`, body.payload, {
        ...auth,
        ...body.headers,
      });
    },
  },
  {
    name: 'files_dedup file name',
    send: (t) =>
      inject('POST', `/jobs/${timeline}/files_dedup`, {
        path: `a${t}.jpg`,
        checksum: createHash('sha1').update(jpeg).digest('hex'),
        mtime: 1,
      }),
  },
  {
    name: 'comment',
    multiline: true,
    send: (t) =>
      inject('POST', `/jobs/${album}/files_by_id/${file}/comments`, { comment: `Hi${t}!` }),
  },
  {
    name: 'comment edit',
    multiline: true,
    send: (t) =>
      inject('PUT', `/jobs/${album}/files_by_id/${file}/comments/${comment}`, {
        comment: `Hi${t}!`,
      }),
  },
  {
    name: 'visitor name',
    send: (t) => inject('POST', `/jobs/${album}/visitor_token`, { name: `G${t}uest` }, {}),
  },
  {
    name: 'email share subject',
    send: (t) =>
      inject('POST', `/jobs/${share}/publish`, { to_email: 'a@example.com', subject: `S${t}S` }),
  },
  {
    name: 'email share message',
    multiline: true,
    send: (t) =>
      inject('POST', `/jobs/${share}/publish`, {
        to_email: 'a@example.com',
        subject: 'Photos',
        message: `M${t}M`,
      }),
  },
  {
    name: 'email share recipient',
    ok: 'x',
    send: (t) =>
      inject('POST', `/jobs/${share}/publish`, { to_email: `a${t}b@example.com`, subject: 'S' }),
  },
  {
    name: 'share password',
    send: (t) => inject('POST', `/shares/${share}/password`, { password: `p${t}w` }),
  },
  { name: 'device name at sign-in', send: (t) => postflight({ name: `L${t}aptop` }) },
  {
    name: 'device id at sign-in',
    noSurrogates: true,
    send: (t) => postflight({ id: `d${t}evice` }),
  },
  {
    name: 'card customer name',
    send: (t) =>
      inject('POST', '/stripe/create_customer', { name: `A${t}nn`, email: 'ann@example.com' }),
  },
  { name: 'legacy contact name', send: (t) => legacy({ name: `A${t}nn` }) },
  { name: 'legacy contact address', send: (t) => legacy({ address: `S${t}treet` }) },
  {
    name: 'legacy contact email',
    ok: 'x',
    send: (t) => legacy({ email_address: `a${t}b@example.com` }),
  },
  {
    name: 'cast receiver name',
    send: (t) => inject('POST', '/cast/receivers', { name: `T${t}V` }),
  },
  {
    name: 'account attribute',
    send: (t) =>
      inject('POST', '/account_attribute?account_attribute_key=k', JSON.stringify(`v${t}v`), {
        ...auth,
        'content-type': 'application/json',
      }),
  },
  { name: 'option value', send: (t) => inject('PUT', '/options/k', { value: `v${t}v` }) },
  { name: 'statistics device id', send: (t) => event({ device_id: `d${t}d` }) },
  { name: 'statistics session id', send: (t) => event({ session_id: `s${t}s` }) },
  { name: 'statistics event value', send: (t) => event({ event_data: { where: `w${t}w` } }) },
  // Last: once set (the check below stores one), the album's visitors need its password.
  {
    name: 'album password',
    send: (t) => inject('POST', `/jobs/${album}/password`, { password: `p${t}w` }),
  },
  {
    name: 'client stats device id',
    noSurrogates: true,
    send: (t) =>
      server.app.inject({
        method: 'POST',
        url: '/client_stats',
        headers: auth,
        query: { device_id: `d${t}d` },
        payload: { last_foreground: 1_700_000_000, last_engaged: null },
      }),
  },
];

const CONTROLS = {
  NUL: '\u0000',
  ESC: '\u001b',
  CR: '\r',
  DEL: '\u007f',
  'C1 NEL': '\u0085',
  'C1 CSI': '\u009b',
};
const SURROGATES = { 'lone high surrogate': '\ud83d', 'lone low surrogate': '\ude00' };

describe('every stored text follows the one text rule', () => {
  it.each(STORED_TEXTS)('$name refuses NUL, ESC, CR/LF, C1, DEL and lone surrogates', async (t) => {
    const bad: Record<string, string> = {
      ...CONTROLS,
      ...(t.multiline ? {} : { LF: '\n' }),
      ...(t.noSurrogates ? {} : SURROGATES),
    };
    for (const [what, character] of Object.entries(bad)) {
      const before = snapshot();
      const res = await t.send(character);
      expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.body, what).toMatch(/control characters|unpaired surrogates/);
      expect(snapshot(), what).toBe(before);
    }
  });

  it('still stores ordinary text, emoji (a surrogate pair) included, in each of them', async () => {
    for (const t of STORED_TEXTS) {
      const res = await t.send(t.ok ?? (t.noSurrogates ? 'ok' : ' ok 📷'));
      expect(res.statusCode, `${t.name}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    }
  });
});
