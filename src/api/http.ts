import type { z } from 'zod';
import { connectivityStore } from '../state/connectivity';
import { USER_DISABLED } from './contract/account';
import { basicAuthHeader } from './contract/basicAuth';
import {
  ApiError,
  CONSENT_HOST_UNAVAILABLE,
  errorCodeOfBody,
  InternalError,
  SERVICE_DICT_UNAVAILABLE,
  STORED_AUTH_UNDEFINED,
  kindForStatus,
} from './errors';
import type { VisitorAuth } from '../domain/visitorAuth';
import { hostUrl, type HostDirectory } from './hosts';
import type { CallHost, CallMethod, CallTarget, Query, QueryValue } from './contract/callTarget';
import { encodeBody, isAbortError, parseJsonAnswer, readAnswer, type RequestBody } from './wire';

export { basicAuthHeader } from './contract/basicAuth';

export interface ApiClientConfig {
  getAuth(): { token: string; hosts: HostDirectory } | null;
  /** Hosts known without a login (e.g. a shared album's service dictionary, or the default). */
  getHosts?(): HostDirectory | null;
  /**
   * SPEC §7's separate consent host (`/user/email_consent`), which is not in the host directory:
   * a base URL from the app config, its path (if any) a prefix of every call's path.
   */
  consentHost?: string | null;
  getLanguage(): string;
  getDeviceId(): string;
  appKey: string;
  clientVersion: string;
  fetch?: typeof fetch;
}

export type HttpMethod = CallMethod;
/** Methods that change nothing on the server: sent even while offline. */
const READS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);
export type { Query, QueryValue, RequestBody };

export interface BaseRequest {
  /** The call, its path and query: built from an entry of the call list (contract/calls.ts). */
  call: CallTarget;
  /** Plain objects and arrays are sent as JSON; strings as text/plain; the rest as is. */
  body?: RequestBody;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** Overrides the directory for this call (e.g. a shared album's own service dictionary). */
  hosts?: HostDirectory;
  /**
   * SPEC §6 visitor auth for a job read through its link (domain/visitorAuth): the basic auth
   * credential instead of the token (the album's transformed password, the token, or none) and
   * `foreign_auth`. Replaces the entry's basic auth.
   */
  linkAuth?: VisitorAuth;
}
export interface JsonRequest<T> extends BaseRequest {
  responseType?: 'json';
  /** Every JSON answer is parsed; use `z.unknown()` where nothing is read. */
  schema: z.ZodType<T>;
}
export interface TextRequest extends BaseRequest {
  responseType: 'text';
}
export interface BlobRequest extends BaseRequest {
  responseType: 'blob';
}
export interface NoBodyRequest extends BaseRequest {
  responseType: 'none';
}
export type AnyRequest = JsonRequest<unknown> | TextRequest | BlobRequest | NoBodyRequest;

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

export type UnauthorizedHandler = (error: ApiError) => void;
export type UserDisabledHandler = (error: ApiError) => void;

/** A 403 whose JSON body names the disabled account (SPEC §8 account terminated). */
function isUserDisabledAnswer(status: number, body: string | undefined): boolean {
  return status === 403 && errorCodeOfBody(body) === USER_DISABLED;
}

export interface ApiClient {
  request<T>(opts: JsonRequest<T>): Promise<ApiResponse<T>>;
  request(opts: TextRequest): Promise<ApiResponse<string>>;
  request(opts: BlobRequest): Promise<ApiResponse<Blob>>;
  request(opts: NoBodyRequest): Promise<ApiResponse<undefined>>;
  /** Absolute URL with the common parameters, for <img>, <video>, form posts and downloads. */
  url(opts: UrlOptions): string;
  /** SPEC §7: every 401 to a call with the token runs every registered handler. Returns the unsubscribe. */
  onUnauthorized(handler: UnauthorizedHandler): () => void;
  /** Every 403 `user_disabled`, from any call, runs every registered handler. */
  onUserDisabled(handler: UserDisabledHandler): () => void;
}

export interface UrlOptions {
  call: CallTarget;
  hosts?: HostDirectory;
  /** Its `foreignAuth` becomes the common parameter `foreign_auth` (SPEC §7). */
  linkAuth?: VisitorAuth;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const unauthorizedHandlers = new Set<UnauthorizedHandler>();
  const userDisabledHandlers = new Set<UserDisabledHandler>();
  const fetchImpl = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const setOnline = (online: boolean) => connectivityStore.getState().setOnline(online);

  function resolveHosts(override: HostDirectory | undefined): HostDirectory {
    const hosts = override ?? config.getAuth()?.hosts ?? config.getHosts?.() ?? null;
    if (!hosts) throw new InternalError(SERVICE_DICT_UNAVAILABLE);
    return hosts;
  }

  function baseUrl(host: CallHost, hosts: HostDirectory | undefined, path: string): string {
    if (host !== 'consent') return hostUrl(resolveHosts(hosts), host, path);
    if (!config.consentHost) throw new InternalError(CONSENT_HOST_UNAVAILABLE);
    return config.consentHost.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
  }

  function url(opts: UrlOptions) {
    const target = new URL(baseUrl(opts.call.host, opts.hosts, opts.call.path));
    const common: Query = {
      app_key: config.appKey,
      client_v: config.clientVersion,
      device_id: config.getDeviceId(),
      app_lang: config.getLanguage(),
      foreign_auth: opts.linkAuth?.foreignAuth,
    };
    // SPEC §7 common parameters first; a call's own value of the same name replaces one.
    for (const query of [common, opts.call.query]) {
      for (const [name, value] of Object.entries(query)) {
        if (value == null) continue;
        target.searchParams.delete(name);
        for (const item of Array.isArray(value) ? value : [value]) {
          target.searchParams.append(name, String(item));
        }
      }
    }
    return target.toString();
  }

  function runHandlers(handlers: ReadonlySet<(error: ApiError) => void>, error: ApiError) {
    for (const handler of [...handlers]) {
      try {
        handler(error);
      } catch (handlerError) {
        // One broken handler must not keep the others (e.g. the session-expired dialog) from running.
        console.error('API answer handler failed', handlerError);
      }
    }
  }

  /** The basic auth credential of a call, and whether it carries the user's session. */
  function credentialsOf(opts: AnyRequest): { basic: string | null; session: boolean } {
    if (opts.linkAuth) {
      const token = config.getAuth()?.token;
      const { basic, foreignAuth } = opts.linkAuth;
      return { basic, session: foreignAuth !== null || (basic !== null && basic === token) };
    }
    if (opts.call.entry.auth === 'none') return { basic: null, session: false };
    const auth = config.getAuth();
    if (!auth) throw new InternalError(STORED_AUTH_UNDEFINED);
    return { basic: auth.token, session: true };
  }

  async function request(opts: AnyRequest): Promise<ApiResponse<unknown>> {
    const credentials = credentialsOf(opts);
    // The session the call went out under: its 401 ends that session only while it is current.
    const sentUnder = config.getAuth()?.token ?? null;
    const target = url(opts);
    const headers = new Headers(opts.headers);
    if (credentials.basic !== null) {
      headers.set('Authorization', basicAuthHeader(credentials.basic));
    }
    const errorFor = (init: Omit<ConstructorParameters<typeof ApiError>[0], 'method' | 'path'>) =>
      new ApiError({ ...init, method: opts.call.method, path: target });

    // Offline (the banner shows), a call that would change something is not sent: it fails at
    // once with its own kind, so the action says it needs the network. Reads still go out (the
    // persisted timeline answers them, and a read that succeeds ends the offline spell).
    if (!READS.has(opts.call.method) && !connectivityStore.getState().online) {
      throw errorFor({ kind: 'offline' });
    }

    // Failures of the transport (not answers): an abort is the caller's choice and says nothing
    // about connectivity; anything else means the network failed (SPEC §4 Connectivity).
    const transportFailure = (cause: unknown) => {
      if (opts.signal?.aborted || isAbortError(cause)) return errorFor({ kind: 'aborted', cause });
      setOnline(false);
      return errorFor({ kind: 'network', cause });
    };

    let response: Response;
    try {
      response = await fetchImpl(target, {
        method: opts.call.method,
        headers,
        body: encodeBody(opts.body, headers),
        signal: opts.signal,
      });
    } catch (cause) {
      throw transportFailure(cause);
    }
    // Any answer proves the server is reachable, so an error status also ends an offline spell.
    setOnline(true);

    const { status } = response;
    if (!response.ok) {
      const body = await response.text().catch(() => undefined);
      const error = errorFor({ kind: kindForStatus(status), status, body });
      // A session can only end for a call that carried one: a visitor's 401 (a private album
      // read through its link) is that page's answer, not an expired session. Nor does a call
      // that was out while this client ended or replaced its session (the account deleted, a
      // log-out, another sign-in): its 401 is about a session already gone, and showed "session
      // expired" over the account-deleted notice.
      const current = (config.getAuth()?.token ?? null) === sentUnder;
      if (status === 401 && credentials.session && current) {
        runHandlers(unauthorizedHandlers, error);
      } else if (isUserDisabledAnswer(status, body)) runHandlers(userDisabledHandlers, error);
      throw error;
    }

    let data: unknown;
    try {
      data = await readAnswer(response, opts.responseType ?? 'json');
    } catch (cause) {
      throw transportFailure(cause);
    }
    if (opts.responseType === undefined || opts.responseType === 'json') {
      const malformed = (detail: string, cause: unknown) =>
        errorFor({ kind: 'malformed', status, detail, cause });
      data = parseJsonAnswer(data as string, opts.schema, malformed);
    }
    return { data, headers: response.headers, status };
  }

  return {
    request: request as ApiClient['request'],
    url,
    onUnauthorized(handler) {
      unauthorizedHandlers.add(handler);
      return () => {
        unauthorizedHandlers.delete(handler);
      };
    },
    onUserDisabled(handler) {
      userDisabledHandlers.add(handler);
      return () => {
        userDisabledHandlers.delete(handler);
      };
    },
  };
}
