// Issue 23 findings seen from the browser.
import { expect, test, type Page } from '@playwright/test';
import { apiGet } from './support/api';
import { API, apiLogin, DEMO, openTimelineSignedIn, USER1 } from './support/login';

/** Records CSP violations (the event and the browser's console report) from before the app runs. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|unsafe-eval/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )),
    ...console,
  ];
}

test('the app loads without a CSP violation (zod runs jitless before any schema is built)', async ({
  page,
}) => {
  const violations = await watchCsp(page);
  // Logged out (the entry bundle), then signed in on the timeline (its lazy chunks and calls).
  await page.goto('/photos');
  await expect(page.getByTestId('login-prompt')).toBeVisible();
  expect(await violations()).toEqual([]);
  await openTimelineSignedIn(page);
  await expect(page.getByTestId('timeline')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a link with another account’s auth asks before switching; keeping drops it', async ({
  page,
  request,
}) => {
  await openTimelineSignedIn(page);
  const token = await apiLogin(request, USER1);
  const hosts = { appHost: API, thumbHost: API, videoHost: API, pollHost: API, downloadHost: API };
  const link = `/photos?auth_token=${token}&service_dict=${encodeURIComponent(JSON.stringify(hosts))}`;
  const signedInAs = async () =>
    (await apiGet<{ logged_in_as: string }>(page, '/account_info')).logged_in_as;

  await page.goto(link);
  const prompt = page.getByRole('alertdialog', { name: 'Switch account?' });
  await expect(prompt).toBeVisible();
  // The credentials left the address bar before anything else happened.
  expect(page.url()).not.toContain('auth_token');
  await prompt.getByRole('button', { name: 'Keep current account' }).click();
  await expect(page.getByTestId('timeline')).toBeVisible();
  expect(await signedInAs()).toBe(DEMO.email);
  // Kept means dropped: a reload asks nothing and stays with the demo account.
  await page.reload();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(prompt).toHaveCount(0);

  await page.goto(link);
  await prompt.getByRole('button', { name: 'Switch account' }).click();
  await expect(page.getByTestId('timeline')).toBeVisible();
  expect(await signedInAs()).toBe(USER1.email);
  expect(page.url()).not.toContain('auth_token');
});
