// The contract server's test-only controls (server/testControls.ts), for e2e specs: inject
// faults into API calls and set a user's storage limit. Plain fetch to the API listener.
import { E2E_API_PORT } from '../../../playwright.config';

export { e2eDatabasePath, e2eDataDir } from '../harness/paths';

const API = `http://127.0.0.1:${E2E_API_PORT}`;

export interface FaultRule {
  /** Only this HTTP method (default: any but CORS preflights). */
  method?: string;
  /** RegExp source tested against the URL path without the query, e.g. "/upload$". */
  path: string;
  /** Default 500. */
  status?: number;
  /** Fail the Nth, 2Nth… matching request; default 1 = all. */
  every?: number;
  /** Stop after this many failures; default unlimited. */
  times?: number;
  /** Destroy the socket without an answer (a network cut). */
  cut?: boolean;
  /**
   * Let matching requests through and destroy the connection once their bodies total this many
   * bytes (a connection lost mid-upload); `times` limits the cuts.
   */
  cutAfterBytes?: number;
  /** Let matching requests through after this many ms (a slow answer). */
  delayMs?: number;
  /** The JSON body's message, e.g. "Forbidden". */
  message?: string;
}

/** A test control call (`/__test/…` on the API listener); throws on a non-2xx answer. */
export async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Adds a fault rule; returns its id (for removeFault). */
export async function addFault(rule: FaultRule): Promise<number> {
  const res = await call('POST', '/__test/faults', rule);
  return ((await res.json()) as { id: number }).id;
}

/** What a fault rule did so far: requests it matched, and how many it failed (cut, held). */
export async function faultCounts(id: number): Promise<{ seen: number; failed: number }> {
  return (await (await call('GET', `/__test/faults/${id}`)).json()) as {
    seen: number;
    failed: number;
  };
}

export async function removeFault(id: number): Promise<void> {
  await call('DELETE', `/__test/faults/${id}`);
}

export async function clearFaults(): Promise<void> {
  await call('DELETE', '/__test/faults');
}

/**
 * Starts counting the body bytes that reach the server on matching requests (POST
 * /__test/meters): the bytes an upload sent, twice included. Returns a reader.
 */
export async function meterBodies(rule: {
  method?: string;
  path: string;
}): Promise<() => Promise<{ requests: number; bytes: number }>> {
  const res = await call('POST', '/__test/meters', rule);
  const { id } = (await res.json()) as { id: number };
  return async () =>
    (await (await call('GET', `/__test/meters/${id}`)).json()) as {
      requests: number;
      bytes: number;
    };
}

/** Sets the user's storage limit in bytes (account_info, uploads and restores all see it). */
export async function setMaxSpace(email: string, bytes: number): Promise<void> {
  await call('POST', '/__test/max_space', { email, max_space: bytes });
}

/** Disables (or enables again) an account: its every call then answers 403 user_disabled. */
export async function setUserDisabled(email: string, disabled: boolean): Promise<void> {
  await call('POST', '/__test/user_disabled', { email, disabled });
}

/**
 * A fresh account with an empty timeline (POST /__test/users): a spec that deletes or counts
 * files works in a library no other spec shares. The email is made unique per call.
 */
export async function createTestUser(
  prefix: string,
  options: { readOnly?: boolean; name?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'capture-demo';
  await call('POST', '/__test/users', {
    email,
    password,
    ...(options.readOnly ? { read_only: true } : {}),
    ...(options.name !== undefined ? { name: options.name } : {}),
  });
  return { email, password };
}

/** Holds uploaded videos in `processing` (true) or lets them finish (false). */
export async function holdVideos(hold: boolean): Promise<void> {
  await call('POST', '/__test/video_hold', { hold });
}

/**
 * Moves one user's clock forward (POST /__test/clock): their trashed files, deleted albums and
 * share links are dated `days` earlier, as if that many days had passed for them alone.
 */
export async function moveClock(email: string, days: number): Promise<void> {
  await call('POST', '/__test/clock', { email, days });
}

export interface OutboxMessage {
  to_email: string;
  subject: string;
  message: string;
  /** The web client's path the email points to (`/share/{id}` or `/albums/{id}`). */
  link: string;
  job: string;
  sender: string;
  created: number;
}

/** Email shares the server kept for this address (it sends no mail), newest first. */
export async function outbox(to: string): Promise<OutboxMessage[]> {
  const res = await call('GET', `/__test/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}
