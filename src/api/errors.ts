import { loggedPath } from '../domain/loggedUrl';
import type { Message } from '../state/message';

export type ApiErrorKind =
  | 'network'
  /** Refused before sending: the client is offline and the call would change something. */
  | 'offline'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'payloadTooLarge'
  | 'conflict'
  | 'badRequest'
  | 'server'
  | 'malformed'
  | 'http'
  | 'aborted';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  method: string;
  /** Path or URL of the call; only its masked path, without query, is kept. */
  path: string;
  status?: number;
  body?: string;
  detail?: string;
  cause?: unknown;
}

/**
 * The one error a call through the api client throws. Features switch on `kind` (and on `status`
 * / `body` where SPEC §7 maps answers, e.g. the job-info mapping reads the body) and show
 * `i18nKey`; they never parse `message`, which exists for logs only.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly method: string;
  /** Masked (SPEC §2) path without query string: safe to log. */
  readonly path: string;
  readonly status?: number;
  readonly body?: string;
  readonly i18nKey: `errors.api.${ApiErrorKind}`;

  constructor(init: ApiErrorInit) {
    const path = loggedPath(init.path);
    const method = init.method.toUpperCase();
    const status = init.status === undefined ? '' : ` ${init.status}`;
    const detail = init.detail ? `: ${init.detail}` : '';
    super(`${init.kind}${status} ${method} ${path}${detail}`, { cause: init.cause });
    this.kind = init.kind;
    this.method = method;
    this.path = path;
    this.status = init.status;
    this.body = init.body;
    this.i18nKey = `errors.api.${init.kind}`;
  }
}

/** The `error` code of a JSON error body (`user_disabled`, `password_required`…), if any. */
export function errorCodeOfBody(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const code = (JSON.parse(body) as { error?: unknown } | null)?.error;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** The `error` code an ApiError's answer carried, if any. */
export const apiErrorCode = (error: unknown): string | null =>
  isApiError(error) ? errorCodeOfBody(error.body) : null;

export function isApiError(error: unknown, kind?: ApiErrorKind): error is ApiError {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

/**
 * The call never reached the server: refused while offline, or the network failed on the way.
 * An action that needs the server says so instead of its own failure text (issue 19).
 */
export function needsNetwork(error: unknown): boolean {
  return isApiError(error, 'offline') || isApiError(error, 'network');
}

/**
 * HTTP 429 Too Many Requests (RFC 6585): the server refuses more of this for a while (issue 33:
 * email shares per day, comments per minute). A standard status, so the client may key on it
 * though SPEC §7 names no limits (src/api/CONTEXT.md "What we add to the contract").
 */
export const isRateLimited = (error: unknown): boolean => isApiError(error) && error.status === 429;

/** What an action that needs the server says when the network was missing (issue 19). */
export const OFFLINE_MESSAGE: Message = { key: 'errors.api.offline' };

/** The text of a failed action: the offline text when the network was missing, else its own. */
export function actionFailure(error: unknown, fallback: Message): Message {
  return needsNetwork(error) ? OFFLINE_MESSAGE : fallback;
}

/** SPEC §7 "What each answer does": the HTTP status of a failed answer decides its kind. */
export function kindForStatus(status: number): ApiErrorKind {
  switch (status) {
    case 400:
      return 'badRequest';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 409:
      return 'conflict';
    case 413:
      return 'payloadTooLarge';
    default:
      return status >= 500 && status <= 599 ? 'server' : 'http';
  }
}

/** SPEC §8 internal errors owned by the api layer, verbatim. */
export const INVALID_SERVICE_DICT = 'Invalid service dict';
export const SERVICE_DICT_UNAVAILABLE = 'Service dict must be made available (by logging in etc)';
export const STORED_AUTH_UNDEFINED = 'StoredServiceDict or authToken is undefined';

/** Ours (not SPEC §8): a consent-host call without the host in the app config. */
export const CONSENT_HOST_UNAVAILABLE = 'The consent host is not configured (consentOrigin)';

export type InternalErrorMessage =
  | typeof INVALID_SERVICE_DICT
  | typeof SERVICE_DICT_UNAVAILABLE
  | typeof STORED_AUTH_UNDEFINED
  | typeof CONSENT_HOST_UNAVAILABLE;

/**
 * A broken precondition inside the client (not an answer from the server). The message is the
 * SPEC text so reports can be matched against the catalogue; `detail` says what was wrong.
 */
export class InternalError extends Error {
  override readonly name = 'InternalError';
  readonly detail?: string;

  constructor(message: InternalErrorMessage, options?: { detail?: string; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.detail = options?.detail;
  }
}
