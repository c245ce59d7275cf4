// Test-only switches (fault injection, storage limits) for the end-to-end harness. Registered only
// when createApiServer / startServers is given `testControls: true` (the e2e harness
// tests/e2e/harness/serve.ts turns it on); `npm start` never is.
//
// - POST /__test/faults {method?, path: RegExp source on the URL path, status? = 500, every? = 1,
//   times?, cut?, cutAfterBytes?, delayMs?, message?} → {id}: `cutAfterBytes` lets requests
//   through and drops the connection once their bodies total that many bytes, `delayMs` holds
//   them that long; DELETE /__test/faults[/:id]. Faults run in an onRequest hook after CORS and
//   before auth and body parsing (a faulted upload stores nothing); /__test/* is never faulted;
//   CORS preflights only when the rule names OPTIONS.
// - POST /__test/meters {method?, path} → {id}, GET /__test/meters/{id} → {requests, bytes} (body
//   bytes that reached the server, bodyControls.ts), DELETE /__test/meters.
// - POST /__test/max_space {email, max_space} (users.max_space and one grant of that size);
//   POST /__test/user_disabled {email, disabled} (every call answers 403 user_disabled).
// - POST /__test/clock {email, days}: one user's clock; their trashed files, deleted albums and
//   shares, sign-ins, data request and deletion request are dated that much earlier (per user,
//   so parallel specs keep their own time); billing periods move too (payments/testControls.ts,
//   with /__test/payments and DELETE /test/payment_data).
// - GET /__test/outbox?to= (email shares kept for an address), GET /__test/email_consent_id?email=,
//   POST /__test/tos {email, version}, POST /__test/cast_code_expire {code}; the session-start
//   modals, read-only flag and statistics in sessionTestControls.ts.
// e2e specs use tests/e2e/support/testControls.ts.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TEXT_MAX } from '../src/domain/constants';
import { BodyMeters, registerMeterRoutes, rulePattern, tapBody } from './bodyControls';
import type { ServerContext } from './context';
import { stmt } from './db/open';
import { hashPassword } from './auth/password';
import { emailConsentIdOf } from './db/privacy';
import { createUser, userByEmail } from './db/users';
import { notFound } from './errors';
import { registerPaymentTestControls } from './payments/testControls';
import { registerSessionTestControls } from './sessionTestControls';

/** The prefix of the control routes; requests under it are never faulted. */
export const TEST_PREFIX = '/__test/';

export const FaultRuleSchema = z.object({
  /** Only this HTTP method (any when left out; CORS preflights are never faulted then). */
  method: z
    .string()
    .min(1)
    .max(10)
    .transform((m) => m.toUpperCase())
    .optional(),
  /** A RegExp source tested against the URL path (no query string). */
  path: z.string().min(1).max(500),
  status: z.number().int().min(400).max(599).default(500),
  /** Fail the Nth, 2Nth… matching request (1: all of them). */
  every: z.number().int().min(1).max(1_000_000).default(1),
  /** Stop after this many failures (default: never). */
  times: z.number().int().min(1).max(1_000_000).optional(),
  /** Destroy the socket instead of answering (a network cut). */
  cut: z.boolean().default(false),
  /**
   * Let matching requests through and destroy the connection once their bodies total this many
   * bytes (a connection lost mid-upload, issue 32); the count starts again after each cut, and
   * `times` limits the cuts. `every` does not apply.
   */
  cutAfterBytes: z
    .number()
    .int()
    .min(0)
    .max(2 ** 53)
    .optional(),
  /** Let matching requests through after this many ms (a slow answer); `times` counts them. */
  delayMs: z.number().int().min(1).max(60_000).optional(),
  /** The JSON body's message (e.g. "Forbidden"). */
  message: z.string().max(500).optional(),
});
export type FaultRule = z.input<typeof FaultRuleSchema>;

interface ActiveFault {
  id: number;
  rule: z.infer<typeof FaultRuleSchema>;
  pattern: RegExp;
  seen: number;
  failed: number;
  /** Body bytes seen since the last cut (cutAfterBytes rules). */
  bodyBytes: number;
}

/** The active fault rules; `match` counts a request against every rule it matches. */
export class Faults {
  private rules: ActiveFault[] = [];
  private nextId = 1;

  add(input: unknown): number {
    const rule = FaultRuleSchema.parse(input);
    const pattern = rulePattern(rule.path);
    const id = this.nextId++;
    this.rules.push({ id, rule, pattern, seen: 0, failed: 0, bodyBytes: 0 });
    return id;
  }

  /** How many requests a rule matched and how many it failed (or cut, or held), or null. */
  read(id: number): { seen: number; failed: number } | null {
    const fault = this.rules.find((f) => f.id === id);
    return fault ? { seen: fault.seen, failed: fault.failed } : null;
  }

  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((f) => f.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault to answer this request with, if any (the first rule that fires). */
  match(method: string, urlPath: string, raw?: IncomingMessage): ActiveFault['rule'] | null {
    return this.apply(method, urlPath, raw).answer;
  }

  /**
   * What the faults do to this request: the rule to answer it with, if any (the first that
   * fires), and how long to hold it first. Rules that cut after so many body bytes do not
   * answer: they watch the body of `raw` (when given).
   */
  apply(
    method: string,
    urlPath: string,
    raw?: IncomingMessage,
  ): { answer: ActiveFault['rule'] | null; delayMs: number } {
    let answer: ActiveFault['rule'] | null = null;
    let delayMs = 0;
    if (urlPath.startsWith(TEST_PREFIX)) return { answer, delayMs };
    for (const fault of this.rules) {
      const { rule } = fault;
      if (rule.method ? rule.method !== method : method === 'OPTIONS') continue;
      if (!fault.pattern.test(urlPath)) continue;
      if (rule.times !== undefined && fault.failed >= rule.times) continue;
      fault.seen++;
      if (rule.cutAfterBytes !== undefined) {
        if (raw) this.cutAfterBytes(fault, rule.cutAfterBytes, raw);
        continue;
      }
      if (rule.delayMs !== undefined) {
        fault.failed++;
        delayMs = Math.max(delayMs, rule.delayMs);
        continue;
      }
      if (fault.seen % rule.every !== 0 || answer) continue;
      fault.failed++;
      answer = rule;
    }
    return { answer, delayMs };
  }

  private cutAfterBytes(fault: ActiveFault, limit: number, raw: IncomingMessage): void {
    tapBody(raw, (chunk) => {
      const { times } = fault.rule;
      if (times !== undefined && fault.failed >= times) return chunk.length;
      const room = limit - fault.bodyBytes;
      if (chunk.length < room) {
        fault.bodyBytes += chunk.length;
        return chunk.length;
      }
      fault.failed++;
      fault.bodyBytes = 0;
      return room;
    });
  }
}

const NewUserBody = z.object({
  email: z.string().email().max(320),
  password: z.string().min(1).max(200),
  name: z.string().max(TEXT_MAX).optional(),
  /** SPEC §6: an account without a subscription (read-only user). */
  read_only: z.boolean().optional(),
});

const UserDisabledBody = z.object({
  email: z.string().min(1).max(320),
  disabled: z.boolean(),
});

/**
 * Moves one user's clock forward by `days`: everything of theirs the server dates (trashed files,
 * deleted albums, share links) is dated that much earlier, which is the same to every rule that
 * compares with now (SPEC §9 trash 90 days, share link 30 days). Per user, so specs running side
 * by side on one server never see each other's time.
 */
const ClockBody = z.object({
  email: z.string().min(1).max(320),
  days: z.number().min(0).max(3650),
});

const MaxSpaceBody = z.object({
  email: z.string().min(1).max(320),
  max_space: z
    .number()
    .int()
    .min(0)
    .max(2 ** 53),
});

/**
 * POST/DELETE /__test/faults[/:id], GET /__test/faults/:id (what a rule did) and POST /__test/max_space, plus the onRequest hook that
 * applies the faults. Call after CORS is registered (its hook runs first, so a faulted answer
 * still carries the CORS headers the browser needs to see the status) and before the routes
 * (the hook runs before auth and body parsing: a faulted upload stores nothing).
 */
export function registerTestControls(app: FastifyInstance, ctx: ServerContext): Faults {
  const faults = new Faults();
  const meters = new BodyMeters();
  registerMeterRoutes(app, meters, TEST_PREFIX);

  app.addHook('onRequest', (request, reply, done) => {
    const urlPath = request.url.split('?', 1)[0];
    if (!urlPath.startsWith(TEST_PREFIX)) meters.watch(request.method, urlPath, request.raw);
    const { answer: rule, delayMs } = faults.apply(request.method, urlPath, request.raw);
    const go = () => {
      if (!rule) {
        done();
        return;
      }
      if (rule.cut) {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      void reply
        .code(rule.status)
        .type('application/json; charset=utf-8')
        // Long enough for the client's retry logic, never cached.
        .header('Cache-Control', 'no-store')
        .send({ error: 'test_fault', message: rule.message ?? 'Injected test fault' });
    };
    if (delayMs > 0) setTimeout(go, delayMs);
    else go();
  });

  app.post(`${TEST_PREFIX}faults`, (request) => ({ id: faults.add(request.body) }));
  app.delete(`${TEST_PREFIX}faults`, (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });
  app.get(`${TEST_PREFIX}faults/:id`, (request) => {
    const reading = faults.read(Number((request.params as { id: string }).id));
    if (!reading) throw notFound();
    return reading;
  });
  app.delete(`${TEST_PREFIX}faults/:id`, (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    if (!faults.remove(id)) throw notFound();
    return reply.code(204).send();
  });

  // The storage limit is users.max_space (account_info, uploads, restores read it); the user's
  // grants are replaced by one free grant of that size so /user_grants agrees.
  app.post(`${TEST_PREFIX}max_space`, (request, reply) => {
    const body = MaxSpaceBody.parse(request.body);
    const user = userByEmail(ctx.db, body.email);
    if (!user) throw notFound();
    ctx.db.transaction(() => {
      stmt(ctx.db, 'UPDATE users SET max_space = ? WHERE id = ?').run(body.max_space, user.id);
      stmt(ctx.db, 'DELETE FROM grants WHERE user_id = ?').run(user.id);
      stmt(ctx.db, `INSERT INTO grants (user_id, source, size_gb) VALUES (?, 'capture', ?)`).run(
        user.id,
        body.max_space / 1024 ** 3,
      );
    })();
    return reply.code(204).send();
  });

  // An account with an empty timeline, for a spec that needs a library of its own (its files,
  // its deletions) without touching the seeded ones; an existing email answers 409.
  app.post(`${TEST_PREFIX}users`, async (request, reply) => {
    const body = NewUserBody.parse(request.body);
    if (userByEmail(ctx.db, body.email)) return reply.code(409).send({ error: 'exists' });
    const { userId } = createUser(ctx.db, {
      email: body.email,
      name: body.name ?? body.email.split('@')[0],
      passwordHash: await hashPassword(body.password),
      now: ctx.now(),
    });
    if (body.read_only) stmt(ctx.db, 'UPDATE users SET read_only = 1 WHERE id = ?').run(userId);
    return reply.code(201).send({ email: body.email });
  });

  app.post(`${TEST_PREFIX}clock`, (request, reply) => {
    const body = ClockBody.parse(request.body);
    const user = userByEmail(ctx.db, body.email);
    if (!user) throw notFound();
    const shift = Math.round(body.days * 86_400);
    ctx.db.transaction(() => {
      stmt(
        ctx.db,
        `UPDATE files SET dtime = dtime - ?
         WHERE deleted = 1 AND job IN (SELECT id FROM jobs WHERE owner_id = ?)`,
      ).run(shift, user.id);
      stmt(ctx.db, `UPDATE jobs SET dtime = dtime - ? WHERE owner_id = ? AND deleted = 1`).run(
        shift,
        user.id,
      );
      // SPEC §9 data request (24 h) and account deletion (30 days) are dated from these.
      stmt(
        ctx.db,
        `UPDATE users SET data_request_at = data_request_at - ?,
           deletion_requested_at = deletion_requested_at - ? WHERE id = ?`,
      ).run(shift, shift, user.id);
      // Sign-ins age too (the privacy page's fresh-login rule); last use does not, so no
      // session ends for idleness by this.
      stmt(ctx.db, 'UPDATE sessions SET created = created - ? WHERE user_id = ?').run(
        shift,
        user.id,
      );
      // Billing periods (the payment emulator): renewals and expiries come that much sooner.
      stmt(
        ctx.db,
        'UPDATE stripe_subscriptions SET current_period_end = current_period_end - ? WHERE user_id = ?',
      ).run(shift, user.id);
      // A share's age is its job's ctime (SPEC §9: links expire 30 days after).
      stmt(ctx.db, `UPDATE jobs SET ctime = ctime - ? WHERE owner_id = ? AND type = 'share'`).run(
        shift,
        user.id,
      );
    })();
    return reply.code(204).send();
  });

  // SPEC §5 email shares as the server stored them (it sends no mail), newest first.
  app.get(`${TEST_PREFIX}outbox`, (request) => {
    const { to } = z.object({ to: z.string().min(1).max(320) }).parse(request.query);
    const messages = stmt<[string], Record<string, unknown>>(
      ctx.db,
      `SELECT o.to_email, o.subject, o.message, o.link, o.created, j.uuid AS job, u.email AS sender
       FROM outbox o LEFT JOIN jobs j ON j.id = o.job JOIN users u ON u.id = o.from_user
       WHERE o.to_email = ? ORDER BY o.id DESC LIMIT 100`,
    ).all(to);
    return { messages };
  });

  // New terms for one user (SPEC §3 tos_to_approve): their account info asks until approved.
  app.post(`${TEST_PREFIX}tos`, (request, reply) => {
    const body = z
      .object({ email: z.string().min(1).max(320), version: z.string().min(1).max(64) })
      .parse(request.body);
    const user = userByEmail(ctx.db, body.email);
    if (!user) throw notFound();
    stmt(ctx.db, 'UPDATE users SET tos_pending = ? WHERE id = ?').run(body.version, user.id);
    return reply.code(204).send();
  });

  // SPEC §7 "fetching an email consent id": the id an email's unsubscribe link carries.
  app.get(`${TEST_PREFIX}email_consent_id`, (request) => {
    const { email } = z.object({ email: z.string().min(1).max(320) }).parse(request.query);
    const user = userByEmail(ctx.db, email);
    if (!user) throw notFound();
    return { id: emailConsentIdOf(ctx.db, user) };
  });

  // Holds uploaded videos in `processing` until released (SPEC §4 video encoding states).
  app.post(`${TEST_PREFIX}video_hold`, (request, reply) => {
    ctx.media.holdVideos(z.object({ hold: z.boolean() }).parse(request.body).hold);
    return reply.code(204).send();
  });

  // Disables (or enables again) an account: every call of that user then answers 403
  // user_disabled (auth/guard.ts), as a terminated account does.
  app.post(`${TEST_PREFIX}user_disabled`, (request, reply) => {
    const body = UserDisabledBody.parse(request.body);
    const user = userByEmail(ctx.db, body.email);
    if (!user) throw notFound();
    stmt(ctx.db, 'UPDATE users SET disabled = ? WHERE id = ?').run(body.disabled ? 1 : 0, user.id);
    return reply.code(204).send();
  });
  // A TV's pairing code expires now (SPEC issue 18: "pairing tokens expire"), without a clock.
  app.post(`${TEST_PREFIX}cast_code_expire`, (request, reply) => {
    const { code } = z.object({ code: z.string().min(1).max(16) }).parse(request.body);
    if (!ctx.cast.expireCode(code)) throw notFound();
    return reply.code(204).send();
  });
  registerSessionTestControls(app, ctx, TEST_PREFIX);
  registerPaymentTestControls(app, ctx, TEST_PREFIX);
  return faults;
}
