// SPEC §7 sign-in with the identity-provider emulator (PKCE): preflight starts the login, the
// emulated provider's login page and form (/idp/authorize, throttled by auth/loginThrottle.ts),
// postflight checks the code against the challenge and starts a session; /logout ends the
// caller's own session; /devices lists the caller's sessions and DELETE revokes one.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PostflightRequestSchema,
  type PostflightResponseSchema,
  type PreflightResponseSchema,
} from '../../src/api/contract/auth';
import { requireCaller } from '../auth/guard';
import { LOGIN_PAGE_CSP, renderLoginPage } from '../auth/idpPage';
import { verifyPasswordOrDummy } from '../auth/password';
import { createSession, listDevices, revokeSession } from '../auth/sessions';
import { trustedDevice, trustedDeviceCookie } from '../auth/trustedDevice';
import { serviceDict, type ServerContext } from '../context';
import { userByEmail, userById } from '../db/users';
import { HttpError, notFound } from '../errors';
import { commonQuery, idParam, storedDeviceQuery } from './params';

export const CLIENT_ID = 'capture-web';

const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'expected an http(s) URL');

const PreflightQuery = z.object({
  ...commonQuery,
  redir: z.string().max(2048).optional(),
  locale: z.string().max(32).optional(),
  utm_source: z.string().max(256).optional(),
  // base64url(SHA-256) is 43 characters; allow some slack but nothing silly.
  code_challenge: z
    .string()
    .min(43)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
  oauth_redirect_uri: httpUrl,
  use_telenor_id_pluss: z.string().max(16).optional(),
});

const AuthorizeParams = z.object({
  response_type: z.literal('code'),
  client_id: z.literal(CLIENT_ID),
  redirect_uri: z.string().max(2048),
  code_challenge: z.string().max(128),
  code_challenge_method: z.literal('S256'),
  state: z.string().min(1).max(128),
  ui_locales: z.string().max(64).optional(),
});

const LoginForm = AuthorizeParams.extend({
  email: z.string().max(320),
  password: z.string().max(1024),
});

type Html = { status: number; html: string };

/** Issue 23: a sign-in code goes only to a registered redirect URI (server/auth/redirectUris). */
const invalidRedirectUri = (): HttpError =>
  new HttpError(
    400,
    'invalid_redirect_uri',
    'oauth_redirect_uri is not a registered address of this web app',
  );

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Forms post urlencoded; Fastify only parses JSON by default.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/st/4/telenorid/preflight_oauth2login', (request) => {
    const query = PreflightQuery.parse(request.query);
    if (!ctx.redirectUris.has(query.oauth_redirect_uri)) throw invalidRedirectUri();
    const locale = query.locale ?? query.app_lang ?? 'en_US';
    const state = ctx.pkce.begin({
      challenge: query.code_challenge,
      redirectUri: query.oauth_redirect_uri,
      locale,
    });
    const answer: z.infer<typeof PreflightResponseSchema> = {
      authorization_url: `${ctx.publicApiOrigin}/idp/authorize`,
      authorization_params: {
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: query.oauth_redirect_uri,
        code_challenge: query.code_challenge,
        code_challenge_method: 'S256',
        state,
        ui_locales: locale,
      },
    };
    return answer;
  });

  /** The authorize request must match what preflight issued for that state. */
  function checkAuthorize(raw: unknown): Html | z.infer<typeof AuthorizeParams> {
    const uiLocales = (raw as Record<string, unknown> | undefined)?.ui_locales;
    const invalid = {
      status: 400,
      html: renderLoginPage({
        uiLocales: typeof uiLocales === 'string' ? uiLocales : undefined,
        params: {},
        error: 'invalidRequest',
      }),
    };
    const parsed = AuthorizeParams.safeParse(raw);
    if (!parsed.success) return invalid;
    const pending = ctx.pkce.pendingFor(parsed.data.state);
    if (
      !pending ||
      pending.challenge !== parsed.data.code_challenge ||
      pending.redirectUri !== parsed.data.redirect_uri ||
      !ctx.redirectUris.has(pending.redirectUri)
    ) {
      return invalid;
    }
    return parsed.data;
  }

  app.get('/idp/authorize', (request, reply) => {
    const checked = checkAuthorize(request.query);
    reply.header('Content-Security-Policy', LOGIN_PAGE_CSP).header('Cache-Control', 'no-store');
    if ('html' in checked) return reply.code(checked.status).type('text/html').send(checked.html);
    return reply
      .type('text/html')
      .send(renderLoginPage({ uiLocales: checked.ui_locales, params: checked }));
  });

  app.post('/idp/authorize', async (request, reply) => {
    reply.header('Content-Security-Policy', LOGIN_PAGE_CSP).header('Cache-Control', 'no-store');
    const checked = checkAuthorize(request.body);
    if ('html' in checked) return reply.code(checked.status).type('text/html').send(checked.html);
    const form = LoginForm.safeParse(request.body);
    const email = form.success ? form.data.email : '';
    const user = form.success ? userByEmail(ctx.db, email) : undefined;
    // Issues 23 and 33: locks per account and address, checked before any password; a browser
    // or an address that signed in to this account before still gets the right password through.
    const device = user ? trustedDevice(ctx.db, request, user) : null;
    const verdict = ctx.loginThrottle.check(email, request.ip, device);
    if (verdict.wait > 0 && !verdict.bypass) {
      const html = renderLoginPage({
        uiLocales: checked.ui_locales,
        params: checked,
        email,
        error: 'tooManyAttempts',
        retryMinutes: Math.ceil(verdict.wait / 60),
      });
      return reply
        .code(429)
        .header('Retry-After', String(verdict.wait))
        .type('text/html')
        .send(html);
    }
    // One scrypt whether or not the e-mail has an account: equal timing.
    const ok =
      form.success && (await verifyPasswordOrDummy(form.data.password, user?.password_hash));
    if (!ok || !user) {
      ctx.loginThrottle.recordFailure(email, request.ip, verdict, device);
      const html = renderLoginPage({
        uiLocales: checked.ui_locales,
        params: checked,
        email,
        error: 'wrongPassword',
      });
      return reply.code(401).type('text/html').send(html);
    }
    ctx.loginThrottle.recordSuccess(email, request.ip, device);
    reply.header('Set-Cookie', trustedDeviceCookie(ctx.db, request, user));
    const code = ctx.pkce.issueCode(checked.state, user.id);
    if (!code) throw new HttpError(400, 'invalid_state');
    const target = new URL(checked.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', checked.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/st/4/telenorid/postflight_oauth2callback', async (request) => {
    const query = z.object(storedDeviceQuery).parse(request.query);
    const body = PostflightRequestSchema.parse(request.body);
    const userId = await ctx.pkce.redeem(body.code, body.code_verifier, body.state);
    const user = userId === null ? undefined : userById(ctx.db, userId);
    if (!user) {
      throw new HttpError(400, 'invalid_grant', 'Unknown, used or expired code, or wrong verifier');
    }
    const { token } = createSession(
      ctx.db,
      user.id,
      { id: query.device_id ?? null, name: body.device_name ?? null },
      ctx.now(),
    );
    const answer: z.infer<typeof PostflightResponseSchema> = {
      auth_token: token,
      service_dict: serviceDict(ctx),
      user_uuid: user.uuid,
      new_user: false,
    };
    return answer;
  });

  app.post('/logout', (request, reply) => {
    const caller = requireCaller(ctx, request, { allowDisabled: true });
    revokeSession(ctx.db, caller.user.id, caller.sessionId);
    // A TV showing this user's files stops (issue 18): the next user of the browser is not them.
    ctx.cast.endAllOf(caller.user.id);
    return reply.code(204).send();
  });

  app.get('/devices', (request) => {
    const caller = requireCaller(ctx, request);
    return { current: caller.sessionId, devices: listDevices(ctx.db, caller.user.id, ctx.now()) };
  });

  app.delete('/devices/:id', (request, reply) => {
    const caller = requireCaller(ctx, request);
    const id = idParam.parse((request.params as { id: string }).id);
    if (!revokeSession(ctx.db, caller.user.id, id)) throw notFound();
    return reply.code(204).send();
  });
}
