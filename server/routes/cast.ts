// SPEC §4 Cast pairing and relay (issue 18) over castHub.ts, in memory. A TV's receiver page
// (not signed in) POST /cast/receivers → id, token (the capability of every receiver route), a
// 6-character code of CAST_CODE_ALPHABET (no 0/O/1/I/L) valid 10 minutes (POST
// /cast/receivers/{id}/code for a new one). A signed-in sender POST /cast/pair {code}: wrong →
// 404 cast_code_invalid, expired → 410 cast_code_expired, another user's TV → 409
// cast_receiver_busy (never swapped in silently; the same user gets their session back).
// Sender → receiver: POST /cast/sessions/{id}/messages (the SPEC §7 messages,
// src/api/contract/cast.ts); a loadSingleItem's files must be readable by the sender and are then
// granted to the receiver, which reads them only through
// /cast/receivers/{id}/media/{job}/{file}/thumbnail|content (its grants, rechecked against the
// sender's access on every read; stop casting revokes them). Receiver → sender: POST
// /cast/receivers/{id}/state, kept as the session's `state`. DELETE /cast/sessions/{id} ends it:
// the receiver gets a new code.
//
// Server push is SSE (GET …/events, the token in the query as EventSource sends no headers):
// plain HTTP that proxies and corporate middleboxes pass (a WebSocket upgrade is often refused or
// cut), the browser's EventSource reconnects by itself and sends Last-Event-ID, and each stream
// replays its last 50 numbered events; a connection without it starts with a `status` event;
// `: keep-alive` every 15 s. Commands the other way are ordinary POSTs, so they carry auth, CORS
// and the error mapping like every other call. Receivers nobody listened to for an hour are
// dropped. Test control: POST /__test/cast_code_expire {code}.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CAST_EVENTS,
  CastMessageSchema,
  CreateReceiverRequestSchema,
  PairRequestSchema,
  ReceiverReportSchema,
  ReceiverTokenSchema,
  type CastSession,
  type ReceiverSession,
} from '../../src/api/contract/cast';
import { requireCaller } from '../auth/guard';
import { RateLimiter } from '../auth/rateLimit';
import {
  CAST_PAIR_ADDRESS_RATE,
  CAST_PAIR_RATE,
  CAST_RECEIVER_RATE,
  type CastPairing,
  type CastReceiver,
  type EventStream,
  type StreamEvent,
} from '../castHub';
import type { ServerContext } from '../context';
import { findFileInJob, type FileRow } from '../db/files';
import { userById } from '../db/users';
import { notFound } from '../errors';
import { setSecurityHeaders } from '../securityHeaders';
import { sendContent } from './files';
import { jobByUuidFor } from './jobs';
import { linkJob } from './linkRead';
import { commonQuery, idParam, intString } from './params';
import { sendThumb, thumbFor } from './thumbnails';
import { rateLimited } from './visitors';

/** SSE comments this often keep proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;

const TokenQuery = z.object({ ...commonQuery, token: z.string().min(1).max(256) });
const MediaQuery = TokenQuery.extend({ area: intString(1, 100_000).optional() });

/**
 * Server push is SSE (server/CONTEXT.md says why): one long GET per party, numbered events, the
 * browser's EventSource reconnects by itself and sends Last-Event-ID, and we replay what it missed.
 * Without Last-Event-ID the first event is `status`, where things stand now.
 */
function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  stream: EventStream,
  status: () => unknown,
): void {
  const lastId = Number(request.headers['last-event-id']);
  setSecurityHeaders(reply, 'api');
  reply.hijack();
  // Hijacked: CORS and the security headers set so far are written by hand.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = String(value);
  }
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and friends: do not buffer the stream.
    'x-accel-buffering': 'no',
  });
  const write = (e: StreamEvent) =>
    reply.raw.write(`id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
  reply.raw.write('retry: 2000\n\n');
  if (Number.isInteger(lastId) && lastId > 0) {
    for (const e of stream.since(lastId)) write(e);
  } else {
    reply.raw.write(`event: ${CAST_EVENTS.status}\ndata: ${JSON.stringify(status())}\n\n`);
  }
  const stop = stream.listen(write);
  const keepAlive = setInterval(() => reply.raw.write(': keep-alive\n\n'), KEEPALIVE_MS);
  request.raw.on('close', () => {
    stop();
    clearInterval(keepAlive);
  });
}

function sessionAnswer(pairing: CastPairing): CastSession {
  return { session_id: pairing.id, receiver_name: pairing.receiver.name, state: pairing.state };
}

function receiverStatus(receiver: CastReceiver) {
  return {
    code: receiver.code,
    code_expires_at: receiver.codeExpiresAt,
    sender_name: receiver.session?.senderName ?? null,
  };
}

/**
 * A file the paired sender may read right now (their own job, an album they are a member of, or a
 * link without a password), else null: checked when it is cast and again on every read.
 */
function senderFile(
  ctx: ServerContext,
  userId: number,
  jobUuid: string,
  fileId: string,
): FileRow | null {
  const user = userById(ctx.db, userId);
  if (!user || user.disabled) return null;
  const caller = { user, sessionId: '', signedInAt: 0 };
  const link = linkJob(ctx, jobUuid);
  const job = jobByUuidFor(ctx, caller, jobUuid, 'read') ?? (link && !link.password ? link : null);
  if (!job) return null;
  const file = findFileInJob(ctx.db, job.id, fileId);
  return file && !file.deleted ? file : null;
}

export function registerCastRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const hub = ctx.cast;
  const receiverParams = (request: FastifyRequest) =>
    z.object({ id: idParam }).parse(request.params).id;

  const pairTries = new RateLimiter(CAST_PAIR_RATE, () => ctx.now());
  const pairTriesFrom = new RateLimiter(CAST_PAIR_ADDRESS_RATE, () => ctx.now());
  const receiversMade = new RateLimiter(CAST_RECEIVER_RATE, () => ctx.now());

  // --- The receiver (a TV's browser, not signed in: its token is the capability) ---

  app.post('/cast/receivers', (request, reply) => {
    const limited = rateLimited(reply, [[receiversMade, request.ip]]);
    if (limited) return limited;
    const body = CreateReceiverRequestSchema.parse(request.body ?? {});
    const { receiver, token } = hub.createReceiver(body.name?.trim() || 'Capture TV');
    const answer: ReceiverSession = {
      receiver_id: receiver.id,
      receiver_token: token,
      code: receiver.code,
      code_expires_at: receiver.codeExpiresAt,
      name: receiver.name,
    };
    return answer;
  });

  app.get('/cast/receivers/:id/events', (request, reply) => {
    const { token } = TokenQuery.parse(request.query);
    const receiver = hub.receiver(receiverParams(request), token);
    openEventStream(request, reply, receiver.stream, () => receiverStatus(receiver));
  });

  app.post('/cast/receivers/:id/code', (request) => {
    const { token } = ReceiverTokenSchema.parse(request.body);
    const receiver = hub.receiver(receiverParams(request), token);
    if (!receiver.session) hub.renewCode(receiver);
    return receiverStatus(receiver);
  });

  app.post('/cast/receivers/:id/state', (request) => {
    const { token, state } = ReceiverReportSchema.parse(request.body);
    hub.reportState(hub.receiver(receiverParams(request), token), state);
    return { ok: true };
  });

  // The content cast to this receiver, through the pairing: thumbnails (area 256/1280) and the
  // original or video stream, only for files its sender cast and may still read.
  const castFile = (request: FastifyRequest) => {
    const params = z.object({ id: idParam, jobId: idParam, fileId: idParam }).parse(request.params);
    const query = MediaQuery.parse(request.query);
    const receiver = hub.receiver(params.id, query.token);
    const pairing = receiver.session;
    if (!pairing || !receiver.grants.has(`${params.jobId}/${params.fileId}`)) throw notFound();
    const file = senderFile(ctx, pairing.userId, params.jobId, params.fileId);
    if (!file) throw notFound();
    return { file, area: query.area };
  };
  app.get('/cast/receivers/:id/media/:jobId/:fileId/thumbnail', async (request, reply) => {
    const { file, area } = castFile(request);
    return sendThumb(ctx, await thumbFor(ctx, file, area), request, reply);
  });
  app.get('/cast/receivers/:id/media/:jobId/:fileId/content', (request, reply) => {
    const { file } = castFile(request);
    return sendContent(ctx, file, request, reply);
  });

  // --- The sender (signed in) ---

  app.post('/cast/pair', (request, reply) => {
    const caller = requireCaller(ctx, request);
    // A 6-character code is guessable only by trying: a few tries a minute per account and
    // per address keep the codes of other people's TVs out of reach in their 10 minutes.
    const limited = rateLimited(reply, [
      [pairTries, `user:${caller.user.id}`],
      [pairTriesFrom, request.ip],
    ]);
    if (limited) return limited;
    const { code } = PairRequestSchema.parse(request.body);
    const name = caller.user.name?.trim() || caller.user.email;
    const answer: CastSession = sessionAnswer(hub.pair(code, caller.user.id, name));
    return answer;
  });

  const sessionOf = (request: FastifyRequest, options: { allowQueryToken?: boolean } = {}) => {
    const caller = requireCaller(ctx, request, options);
    return hub.session(z.object({ id: idParam }).parse(request.params).id, caller.user.id);
  };

  app.get('/cast/sessions/:id', (request): CastSession => sessionAnswer(sessionOf(request)));

  // EventSource cannot send headers: the login token may come as ?token= (as for media).
  app.get('/cast/sessions/:id/events', (request, reply) => {
    const pairing = sessionOf(request, { allowQueryToken: true });
    openEventStream(request, reply, pairing.stream, () => pairing.state);
  });

  app.post('/cast/sessions/:id/messages', (request) => {
    const pairing = sessionOf(request);
    const message = CastMessageSchema.parse(request.body);
    const grants: string[] = [];
    if (message.type === 'loadSingleItem') {
      for (const item of [message.item, ...message.next]) {
        // The receiver only ever gets what this sender may see.
        if (!senderFile(ctx, pairing.userId, item.jobId, item.fileId)) throw notFound();
        grants.push(`${item.jobId}/${item.fileId}`);
      }
    }
    hub.relayToReceiver(pairing, message, grants);
    return { ok: true };
  });

  app.delete('/cast/sessions/:id', (request) => {
    hub.end(sessionOf(request));
    return { ok: true };
  });
}
