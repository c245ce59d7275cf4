import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAST_CODE_ALPHABET,
  CastSessionSchema,
  ReceiverSessionSchema,
  ReceiverStatusSchema,
  type ReceiverSession,
  type ReceiverState,
} from '../../src/api/contract/cast';
import { FilesResponseSchema } from '../../src/api/contract/files';
import { ErrorBodySchema } from '../../src/api/contract/uploads';
import { CAST_CODE_TTL_SECONDS, CAST_PAIR_RATE } from '../castHub';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let owner: Record<string, string>;
let stranger: Record<string, string>;
let job = '';
let files: string[] = [];
let strangerFile = '';
let strangerJob = '';
let clock = 0;

beforeAll(async () => {
  server = await testServer(60, 2);
  // The hub reads ctx.now: move it to expire codes.
  const realNow = server.ctx.now;
  server.ctx.now = () => realNow() + clock;
  owner = (await login(server.app)).auth;
  stranger = (await login(server.app, 'user2@example.com')).auth;
  const list = async (auth: Record<string, string>) => {
    const id = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{
      id: string;
    }>().id;
    const answer = await server.app.inject({ url: `/jobs/${id}/files`, headers: auth });
    return { id, files: FilesResponseSchema.parse(answer.json()).files.map((f) => f.id) };
  };
  ({ id: job, files } = await list(owner));
  const other = await list(stranger);
  strangerJob = other.id;
  strangerFile = other.files[0];
});
afterAll(() => server.close());

async function newReceiver(): Promise<ReceiverSession> {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/cast/receivers',
    payload: { name: 'Living room' },
  });
  expect(answer.statusCode).toBe(200);
  return ReceiverSessionSchema.parse(answer.json());
}

const pair = (auth: Record<string, string>, code: string) =>
  server.app.inject({ method: 'POST', url: '/cast/pair', headers: auth, payload: { code } });

const send = (auth: Record<string, string>, session: string, payload: object) =>
  server.app.inject({
    method: 'POST',
    url: `/cast/sessions/${session}/messages`,
    headers: auth,
    payload,
  });

const item = (fileId: string, jobId = job) => ({ jobId, fileId, kind: 'picture' });

describe('cast pairing', () => {
  it('gives a 6-character code from the unambiguous alphabet, and a token', async () => {
    const receiver = await newReceiver();
    expect(receiver.code).toMatch(new RegExp(`^[${CAST_CODE_ALPHABET}]{6}$`));
    expect(CAST_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(receiver.receiver_token.length).toBeGreaterThan(20);
    expect(receiver.name).toBe('Living room');
  });

  it('pairs the signed-in sender by the code, typed in lower case with a space', async () => {
    const receiver = await newReceiver();
    const typed = `${receiver.code.slice(0, 3)} ${receiver.code.slice(3)}`.toLowerCase();
    const answer = await pair(owner, typed);
    expect(answer.statusCode).toBe(200);
    const session = CastSessionSchema.parse(answer.json());
    expect(session.receiver_name).toBe('Living room');
    // Pairing needs an account.
    expect((await pair({}, receiver.code)).statusCode).toBe(401);
  });

  it('refuses a wrong code and an expired one, each with its own error', async () => {
    const wrong = await pair(owner, 'AAAAAA');
    expect(wrong.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(wrong.json()).error).toBe('cast_code_invalid');
    const receiver = await newReceiver();
    clock += CAST_CODE_TTL_SECONDS + 1;
    const expired = await pair(owner, receiver.code);
    expect(expired.statusCode).toBe(410);
    expect(ErrorBodySchema.parse(expired.json()).error).toBe('cast_code_expired');
    // A new code from the receiver works.
    const renewed = await server.app.inject({
      method: 'POST',
      url: `/cast/receivers/${receiver.receiver_id}/code`,
      payload: { token: receiver.receiver_token },
    });
    const status = ReceiverStatusSchema.parse(renewed.json());
    expect(status.code).not.toBe(receiver.code);
    expect((await pair(owner, status.code)).statusCode).toBe(200);
  });

  it('refuses a second sender while paired; stop casting frees the receiver', async () => {
    const receiver = await newReceiver();
    const session = CastSessionSchema.parse((await pair(owner, receiver.code)).json());
    const second = await pair(stranger, receiver.code);
    expect(second.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(second.json()).error).toBe('cast_receiver_busy');
    // The stranger cannot see, drive or end the owner's session.
    const path = `/cast/sessions/${session.session_id}`;
    expect((await server.app.inject({ url: path, headers: stranger })).statusCode).toBe(404);
    expect(
      (await send(stranger, session.session_id, { type: 'autoPlayChanged', autoPlay: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await server.app.inject({ method: 'DELETE', url: path, headers: stranger })).statusCode,
    ).toBe(404);

    expect(
      (await server.app.inject({ method: 'DELETE', url: path, headers: owner })).statusCode,
    ).toBe(200);
    expect((await server.app.inject({ url: path, headers: owner })).statusCode).toBe(404);
    // A new code is shown; the stranger may now pair with it.
    const events = receiverStreamEvents(receiver);
    const ended = events.find((e) => e.event === 'ended');
    expect(ended).toBeDefined();
    const code = (ended?.data as { code: string }).code;
    expect(code).not.toBe(receiver.code);
    expect((await pair(stranger, code)).statusCode).toBe(200);
  });
});

describe('cast limits and sign-out', () => {
  it('refuses a stream of guesses from one account for the rest of the minute (429)', async () => {
    const guesser = (await login(server.app, 'user2@example.com', undefined, 'device-guess')).auth;
    // A fresh minute: this account (user2) has paired in the tests above.
    clock += 61;
    const answers: number[] = [];
    for (let i = 0; i < CAST_PAIR_RATE.limit + 1; i += 1) {
      answers.push((await pair(guesser, 'AAAAAA')).statusCode);
    }
    expect(answers.slice(0, CAST_PAIR_RATE.limit).every((code) => code === 404)).toBe(true);
    const refused = await pair(guesser, 'AAAAAA');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The next minute it may try again.
    clock += 61;
    expect((await pair(guesser, 'AAAAAA')).statusCode).toBe(404);
  });

  it("signing out ends the user's pairing: the TV shows a new code", async () => {
    const signedIn = (await login(server.app, 'user2@example.com', undefined, 'device-out')).auth;
    const receiver = await newReceiver();
    const session = CastSessionSchema.parse((await pair(signedIn, receiver.code)).json());
    const out = await server.app.inject({ method: 'POST', url: '/logout', headers: signedIn });
    expect(out.statusCode).toBe(204);
    expect(
      server.ctx.cast.receiver(receiver.receiver_id, receiver.receiver_token).session,
    ).toBeNull();
    expect(receiverStreamEvents(receiver).some((e) => e.event === 'ended')).toBe(true);
    expect(
      (await server.app.inject({ url: `/cast/sessions/${session.session_id}`, headers: owner }))
        .statusCode,
    ).toBe(404);
  });
});

/** What the hub pushed to a receiver (its replay buffer). */
function receiverStreamEvents(receiver: ReceiverSession) {
  return server.ctx.cast.receiver(receiver.receiver_id, receiver.receiver_token).stream.since(0);
}

describe('cast relay and content', () => {
  it('relays messages both ways and serves only what the sender cast and may see', async () => {
    const receiver = await newReceiver();
    const session = CastSessionSchema.parse((await pair(owner, receiver.code)).json());
    const media = (fileId: string, part: string, token = receiver.receiver_token) =>
      server.app.inject({
        url: `/cast/receivers/${receiver.receiver_id}/media/${job}/${fileId}/${part}`,
        query: { token, area: '1280' },
      });
    // Nothing cast yet: nothing readable.
    expect((await media(files[0], 'thumbnail')).statusCode).toBe(404);

    const load = {
      type: 'loadSingleItem',
      item: item(files[0]),
      next: files.slice(1, 5).map((f) => item(f)),
      autoPlay: true,
    };
    expect((await send(owner, session.session_id, load)).statusCode).toBe(200);
    const relayed = receiverStreamEvents(receiver).filter((e) => e.event === 'message');
    expect(relayed.at(-1)?.data).toMatchObject({ type: 'loadSingleItem', autoPlay: true });

    const thumb = await media(files[0], 'thumbnail');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await media(files[4], 'content')).statusCode).toBe(200);
    expect((await media(files[0], 'thumbnail', 'wrong')).statusCode).toBe(401);
    // Not cast: refused even though the sender owns it.
    expect((await media(files[9], 'thumbnail')).statusCode).toBe(404);

    // A file the sender may not see is refused before anything reaches the TV.
    const foreign = { type: 'loadSingleItem', item: item(strangerFile, strangerJob) };
    expect((await send(owner, session.session_id, foreign)).statusCode).toBe(404);
    // More than 4 items ahead is not a SPEC message.
    const tooMany = { ...load, next: files.slice(1, 6).map((f) => item(f)) };
    expect((await send(owner, session.session_id, tooMany)).statusCode).toBe(400);

    // Receiver → sender: its state reaches the session.
    const state: ReceiverState = {
      type: 'receiverState',
      requestId: 'r1',
      item: { jobId: job, fileId: files[0], kind: 'picture' },
      playerState: 'playing',
      currentTime: 0,
      duration: 0,
      autoPlay: true,
    };
    const report = await server.app.inject({
      method: 'POST',
      url: `/cast/receivers/${receiver.receiver_id}/state`,
      payload: { token: receiver.receiver_token, state },
    });
    expect(report.statusCode).toBe(200);
    const now = CastSessionSchema.parse(
      (
        await server.app.inject({ url: `/cast/sessions/${session.session_id}`, headers: owner })
      ).json(),
    );
    expect(now.state).toEqual(state);

    // Stop casting: the content is closed to the receiver at once.
    await server.app.inject({
      method: 'DELETE',
      url: `/cast/sessions/${session.session_id}`,
      headers: owner,
    });
    expect((await media(files[0], 'thumbnail')).statusCode).toBe(404);
  });

  it('pushes over SSE, and replays what a reconnect missed (Last-Event-ID)', async () => {
    const receiver = await newReceiver();
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const url = `http://127.0.0.1:${port}/cast/receivers/${receiver.receiver_id}/events?token=${receiver.receiver_token}`;
    const read = async (headers: Record<string, string>, until: (text: string) => boolean) => {
      const abort = new AbortController();
      const response = await fetch(url, { headers, signal: abort.signal });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.getReader();
      let text = '';
      while (!until(text)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      abort.abort();
      return text;
    };
    const first = await read({}, (text) => text.includes('event: status'));
    expect(first).toContain(`"code":"${receiver.code}"`);
    const session = CastSessionSchema.parse((await pair(owner, receiver.code)).json());
    await send(owner, session.session_id, { type: 'seekVideo', time: 12 });
    // A reconnect after event 1 (paired) gets the message it missed.
    const replay = await read({ 'last-event-id': '1' }, (text) => text.includes('seekVideo'));
    expect(replay).toMatch(/id: 2\nevent: message\ndata: \{"type":"seekVideo","time":12\}/);
    expect(replay).not.toContain('event: paired');
  });
});
