// Tests only (not imported by the app): an API client (http.ts) over a fetch the test answers, for
// the http.*.test.ts files.
import { expect, vi } from 'vitest';
import { ApiError } from './errors';
import { parseServiceDict } from './hosts';
import { createApiClient, type ApiClientConfig } from './http';

export const hosts = parseServiceDict({
  appHost: 'p12.example.com',
  thumbHost: 'thumbs.example.com',
  videoHost: 'video.example.com',
  pollHost: 'poll.example.com',
  downloadHost: 'dl.example.com',
});

type FetchArgs = [input: string, init: RequestInit];

/** A client whose fetch answers `answer`; `call(i)` is the i-th request it sent. */
export function setup(
  answer: Response | (() => Promise<Response>),
  overrides: Partial<ApiClientConfig> = {},
) {
  const fetch = vi.fn((..._args: FetchArgs) =>
    typeof answer === 'function' ? answer() : Promise.resolve(answer.clone()),
  );
  const client = createApiClient({
    getAuth: () => ({ token: 'tok', hosts }),
    getLanguage: () => 'nb_NO',
    getDeviceId: () => 'dev-1',
    appKey: 'key',
    clientVersion: '1.2.3300.7',
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...overrides,
  });
  const call = (index = 0) => {
    const [input, init] = fetch.mock.calls[index];
    return { url: new URL(input), init, headers: new Headers(init.headers) };
  };
  return { client, fetch, call };
}

export const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

/** The ApiError `promise` fails with (the test fails when it succeeds or fails otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
