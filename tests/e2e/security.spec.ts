// Issue 23 findings seen from the browser.
import { expect, test, type Page } from '@playwright/test';
import { openTimelineSignedIn } from './support/login';

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
