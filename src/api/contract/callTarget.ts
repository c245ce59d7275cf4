// The shape of one entry of the call list (calls.ts) and the one builder of a request's target
// from it: entry + path parameters + query → method, host, path, query, auth. The api client
// (api/http.ts) takes nothing else, so every request the app makes is an entry of the list.

/** SPEC §7 hosts: the five of the host directory, and the separate consent host. */
export type CallHost = 'app' | 'thumb' | 'video' | 'poll' | 'download' | 'consent';
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
/** Booleans are left out on purpose: each call says whether the server wants 1/0 or true/false. */
export type QueryValue = string | number | null | undefined | readonly (string | number)[];
export type Query = Readonly<Record<string, QueryValue>>;

/**
 * Where an entry comes from: SPEC §7 as written; SPEC §7 lists the call but does not show its
 * path ("methods and paths not shown"), so the path is ours; or ours alone (src/api/CONTEXT.md
 * "What we add to the contract"). The last two say why.
 */
export type CallSource = { spec: true } | { specPathOurs: string } | { ours: string };

export interface CallEntry {
  readonly method: CallMethod;
  /** Path template; `{name}` is a path parameter, encoded by the builder. */
  readonly path: string;
  readonly host: CallHost;
  /** The call's own query parameters (the common ones of SPEC §7 are added by the client). */
  readonly query: readonly string[];
  /** `basic`: basic auth with the token, or SPEC §6 visitor auth; `none`: no credential. */
  readonly auth: 'basic' | 'none';
  readonly source: CallSource;
  /** The client does not build this call, and why (not yet, or its URL comes from an answer). */
  readonly notBuilt?: string;
  /** Our contract server has no route for it, and why. */
  readonly noServerRoute?: string;
}

type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamsOf<Rest>
  : never;
/** The call's own query parameters; none for an entry that lists none. */
type QueryOf<E extends CallEntry> = [E['query'][number]] extends [never]
  ? Record<string, never>
  : Partial<Record<E['query'][number], QueryValue>>;

/** The entries of the list (calls.ts declares each with `listedCall`). */
const LISTED = new WeakSet<CallEntry>();

/** One entry of the call list: only calls.ts declares entries (calls.test.ts). */
export function listedCall<const E extends CallEntry>(entry: E): E {
  LISTED.add(entry);
  return entry;
}

let build: (entry: CallEntry, path: string, query: Query) => CallTarget;

/** The built target of one request. Only `callTo` and `callAt` make one. */
export class CallTarget {
  private constructor(
    readonly entry: CallEntry,
    readonly path: string,
    readonly query: Query,
  ) {}

  static {
    build = (entry, path, query) => {
      if (!LISTED.has(entry))
        throw new Error(`${entry.method} ${entry.path} is not on the call list`);
      return new CallTarget(entry, path, query);
    };
  }

  get method(): CallMethod {
    return this.entry.method;
  }
  get host(): CallHost {
    return this.entry.host;
  }
}

const PARAM = /\{(\w+)\}/g;

/**
 * A request's target from its entry: path parameters encoded into the template, the query
 * limited (by type) to the entry's own parameters.
 */
export function callTo<E extends CallEntry>(
  entry: E,
  ...args: ParamsOf<E['path']> extends never
    ? [params?: Record<string, never>, query?: QueryOf<E>]
    : [params: Record<ParamsOf<E['path']>, string>, query?: QueryOf<E>]
): CallTarget {
  const [params = {}, query = {}] = args as [Record<string, string>?, Query?];
  const path = entry.path.replace(PARAM, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${entry.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  return build(entry, path, query);
}

/** The entry's template as a pattern of its paths (a parameter is one path segment). */
export function pathPattern(template: string): RegExp {
  const escaped = template
    .split(PARAM)
    .map((part, i) => (i % 2 === 1 ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('')}$`);
}

/**
 * The target of a path an answer gave (a grant link, a tus endpoint): accepted only when it is a
 * path of the entry's template, so a server-given link cannot send the client anywhere else.
 */
export function callAt<E extends CallEntry>(entry: E, givenPath: string, query?: QueryOf<E>) {
  if (!pathPattern(entry.path).test(givenPath)) {
    throw new Error(`${givenPath} is not a path of ${entry.method} ${entry.path}`);
  }
  return build(entry, givenPath, query ?? {});
}
