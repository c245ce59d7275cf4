// The API app: CORS for the web origins only (the same registry as the login redirects,
// ctx.redirectUris.isWebOrigin: the web listener's with its loopback twins, plus webOrigins /
// WEB_ORIGINS); one error handler (HttpError → its status and JSON body with `error`, `message`
// and any extra fields; ZodError → 400; Fastify/multipart 4xx pass through; only bugs are 500);
// a JSON 404; API JSON is Cache-Control: no-store unless the route says otherwise; the request
// log (LOG=1) redacts secret query parameters (redactUrl: token, key, auth_token,
// client_secret…); preClose releases waiting long polls and closing drops connections. Every
// query, path and body value is parsed with zod (routes/params.ts).
import cors from '@fastify/cors';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { z } from 'zod';
import type { ServerContext } from './context';
import { HttpError } from './errors';
import { registerAccountRoutes } from './routes/account';
import { registerAlbumEditRoutes } from './routes/albumEdit';
import { registerAlbumRoutes } from './routes/albums';
import { registerArchiveRoutes } from './routes/archive';
import { registerAuthRoutes } from './routes/auth';
import { registerCastRoutes } from './routes/cast';
import { registerChangeRoutes } from './routes/changes';
import { registerCommentRoutes } from './routes/comments';
import { registerVisitorRoutes } from './routes/visitors';
import { registerDocumentRoutes } from './routes/documents';
import { registerFileRoutes } from './routes/files';
import { registerFullScreenCardRoutes } from './routes/fullScreenCards';
import { registerJobRoutes } from './routes/jobs';
import { registerPrivacyRoutes } from './routes/privacy';
import { registerRollbackRoutes } from './routes/rollback';
import { registerShareRoutes } from './routes/shares';
import { registerStatisticsRoutes } from './routes/statistics';
import { registerTrashRoutes } from './routes/trash';
import { registerThumbnailRoutes } from './routes/thumbnails';
import { TUS_REQUEST_HEADERS, TUS_RESPONSE_HEADERS } from './routes/resumableUploads';
import { registerUploadRoutes } from './routes/uploads';
import { registerUserRoutes } from './routes/user';
import { registerEmulatorRoutes } from './payments/emulatorRoutes';
import { registerPaymentRoutes } from './payments/routes';
import { registerTestControls } from './testControls';
import { setSecurityHeaders } from './securityHeaders';

/**
 * Maps any error to a JSON answer: expected failures keep their status, validation failures are
 * 400, Fastify's own 4xx (bad JSON, body too large, bad content type) pass through; only a real
 * bug is a 500.
 */
function errorAnswer(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: { ...error.extra, error: error.code, message: error.message },
    };
  }
  if (error instanceof z.ZodError) {
    const issues = error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
    return { status: 400, body: { error: 'invalid_request', message: issues.join('; ') } };
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (error as FastifyError).code;
    return { status, body: { error: code ?? 'bad_request', message: (error as Error).message } };
  }
  return { status: 500, body: { error: 'internal_error', message: 'Internal server error' } };
}

/**
 * Query parameters that are capabilities (issue 33: `?token=` of thumbnail URLs was written to
 * the request log in full): a session token, a link key, the archive form's token, foreign auth,
 * a provider client secret, an email's unsubscribe id, a sign-in code.
 */
const SECRET_PARAMS = new Set([
  'token',
  'key',
  'auth_token',
  'foreign_auth',
  'client_secret',
  'email_consent_identifier',
  'code',
  'code_verifier',
]);

/** The URL as the request log keeps it: secret parameters' values replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as it is (and redacted if it matches as written).
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

function loggerOptions(logger: true | { stream: NodeJS.WritableStream }) {
  return {
    ...(logger === true ? {} : { stream: logger.stream }),
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

export async function createApiServer(
  ctx: ServerContext,
  options: {
    /** The request log (pino), to stdout or to the given stream; URLs are redacted. */
    logger?: boolean | { stream: NodeJS.WritableStream };
    /** Test-only routes under /__test/ (fault injection, storage limits): the e2e harness only. */
    testControls?: boolean;
    /** Told of every route as Fastify registers it (the authorisation matrix lists them). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger) : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Closing drops open connections (idle keep-alives, released long polls) instead of
    // waiting for clients to hang up: a stop is immediate; clients retry as after any outage.
    forceCloseConnections: true,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Only the web origins (ctx.redirectUris, read per request: the web listener's port is known
  // only once it listens). Any other Origin gets no access-control-allow-origin.
  await app.register(cors, {
    origin: (origin, callback) => callback(null, ctx.redirectUris.isWebOrigin(origin)),
    // PATCH and the Upload-* / Tus-* headers: resumable uploads (routes/resumableUploads.ts).
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Range',
      'If-None-Match',
      'X-Share-Key',
      'X-Visitor-Token',
      ...TUS_REQUEST_HEADERS,
    ],
    exposedHeaders: [
      'x-last-event-serial',
      'ETag',
      'Content-Range',
      'capture-total-items',
      ...TUS_RESPONSE_HEADERS,
    ],
    maxAge: 600,
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    setSecurityHeaders(reply, 'api');
    // Issue 33: answers about an account are nobody's to keep (a shared computer's cache, a
    // proxy); the routes whose answers may be cached (thumbnails, content, extensions) say so.
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = errorAnswer(error);
    if (status >= 500) request.log.error(error);
    // A handler may have set a media type before failing; the error body is always JSON.
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'not_found', message: 'No such call' }),
  );
  // Waiting long polls answer 204 at once, so closing never waits out their timeout.
  app.addHook('preClose', (done) => {
    ctx.events.releaseAll();
    done();
  });
  // After CORS (faulted answers keep its headers), before every route (faults run before auth).
  if (options.testControls) registerTestControls(app, ctx);
  registerAuthRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerPrivacyRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerAlbumRoutes(app, ctx);
  registerAlbumEditRoutes(app, ctx);
  registerChangeRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerCommentRoutes(app, ctx);
  registerVisitorRoutes(app, ctx);
  registerRollbackRoutes(app, ctx);
  registerTrashRoutes(app, ctx);
  registerShareRoutes(app, ctx);
  registerDocumentRoutes(app, ctx);
  registerArchiveRoutes(app, ctx);
  await registerUploadRoutes(app, ctx);
  registerThumbnailRoutes(app, ctx);
  registerFullScreenCardRoutes(app, ctx);
  registerStatisticsRoutes(app, ctx);
  registerCastRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerEmulatorRoutes(app, ctx);
  return app;
}
