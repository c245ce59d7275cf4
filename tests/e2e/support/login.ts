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
 * Opens `path` (default /photos) logged out and signs in; resolves once the page's `readyTestId`
 * element (default the timeline) is shown.
 */
export async function openTimelineSignedIn(
  page: Page,
  path = '/photos',
  credentials = DEMO,
  readyTestId = 'timeline',
): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('login-prompt')).toBeVisible();
  await signInThroughIdentityPage(page, credentials);
  await expect(page.getByTestId(readyTestId)).toBeVisible();
}

/**
 * A session made by talking to the API directly (PKCE as the client does, redirected to the web
 * app's registered root): its auth token.
 */
export async function apiLogin(request: APIRequestContext, credentials = DEMO): Promise<string> {
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
    form: { ...authorization_params, ...credentials },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(302);
  const code = new URL(form.headers()['location']).searchParams.get('code')!;
  const post = await request.post(`${API}/st/4/telenorid/postflight_oauth2callback`, {
    data: { code, code_verifier: verifier, device_name: 'Test runner' },
  });
  expect(post.ok()).toBe(true);
  return ((await post.json()) as { auth_token: string }).auth_token;
}
