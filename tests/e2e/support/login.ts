import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_API_PORT, E2E_WEB_PORT } from '../../../playwright.config';

export const DEMO = { email: 'demo@example.com', password: 'capture-demo' };
/** The other seeded account (shares an album with the demo user). */
export const USER1 = { email: 'user1@example.com', password: 'capture-demo' };
export const API = `http://127.0.0.1:${E2E_API_PORT}`;

/** Signs in through the identity page as a person would, starting from the app's login prompt. */
export async function signInThroughIdentityPage(
  page: Page,
  credentials = DEMO,
  options: { fromPrompt?: boolean } = {},
): Promise<void> {
  // From the app's login prompt, or already on the identity page (a flow that started itself).
  if (options.fromPrompt !== false) await page.getByTestId('sign-in').click();
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/**
 * Opens `path` (default /photos) signed in as `credentials`; resolves once the page's
 * `readyTestId` element (default the timeline) is shown.
 *
 * The session is made through the API (apiSession: the identity provider's PKCE flow, as the
 * client runs it) and handed to the app the way SPEC §2 lets a link do it, `auth_token` and
 * `service_dict` in the query string, which the app adopts and then takes out of the address.
 * One page load instead of three (the login prompt, the identity page, the app again): the
 * identity page's own path is what login.spec and the specs that start signed out test.
 */
export async function openTimelineSignedIn(
  page: Page,
  path = '/photos',
  credentials = DEMO,
  readyTestId = 'timeline',
): Promise<void> {
  const session = await apiSession(page.request, credentials);
  await page.goto(withSession(path, session));
  await expect(page.getByTestId(readyTestId)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
}

/**
 * How long a cold page load may take before its first screen: the whole app boots (about 1.7 s
 * of script to compile in a fresh context), its workers start, and the timeline or viewer asks
 * for its first data. Measured under load (two workers plus other work on 2 cores), a deep link
 * to the viewer took over 10 s, 7 s of it starting the layout and decode workers; the
 * interactions after it keep the 10 s expect timeout.
 */
export const PAGE_LOAD_TIMEOUT = 30_000;

/** `path` with a session's auth token and service dictionary added to its query (SPEC §2). */
export function withSession(path: string, session: ApiSession): string {
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.set('auth_token', session.token);
  url.searchParams.set('service_dict', JSON.stringify(session.serviceDict));
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface ApiSession {
  token: string;
  serviceDict: Record<string, unknown>;
}

/**
 * A session made by talking to the API directly (PKCE as the client does, redirected to the web
 * app's registered root, registered under the device name the web client sends on 127.0.0.1, the international brand's): its auth token and the
 * service dictionary the login answered with.
 */
export async function apiSession(
  request: APIRequestContext,
  credentials: { email: string; password: string } = DEMO,
  deviceName = 'Capture',
): Promise<ApiSession> {
  const verifier = randomBytes(128).toString('hex');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const pre = await request.get(`${API}/st/4/telenorid/preflight_oauth2login`, {
    params: {
      code_challenge: challenge,
      oauth_redirect_uri: `http://127.0.0.1:${E2E_WEB_PORT}/`,
      locale: 'en_US',
      redir: '/',
    },
  });
  expect(pre.ok()).toBe(true);
  const { authorization_url, authorization_params } = (await pre.json()) as {
    authorization_url: string;
    authorization_params: Record<string, string>;
  };
  const form = await request.post(authorization_url, {
    form: { ...authorization_params, email: credentials.email, password: credentials.password },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(302);
  const code = new URL(form.headers()['location']).searchParams.get('code')!;
  const post = await request.post(`${API}/st/4/telenorid/postflight_oauth2callback`, {
    data: { code, code_verifier: verifier, device_name: deviceName },
  });
  expect(post.ok()).toBe(true);
  const answer = (await post.json()) as {
    auth_token: string;
    service_dict: Record<string, unknown>;
  };
  return { token: answer.auth_token, serviceDict: answer.service_dict };
}

/** An auth token made through the API (apiSession), for calls made by the test itself. */
export async function apiLogin(
  request: APIRequestContext,
  credentials: { email: string; password: string } = DEMO,
): Promise<string> {
  return (await apiSession(request, credentials, 'Test runner')).token;
}
