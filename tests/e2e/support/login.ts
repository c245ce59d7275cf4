import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'capture-demo' };

/** Signs in through the identity page as a person would, starting from the app's login prompt. */
export async function signInThroughIdentityPage(page: Page, credentials = DEMO): Promise<void> {
  await page.getByTestId('sign-in').click();
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/** Opens /photos logged out and signs in; resolves once the timeline is shown. */
export async function openTimelineSignedIn(page: Page, path = '/photos'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('login-prompt')).toBeVisible();
  await signInThroughIdentityPage(page);
  await expect(page.getByTestId('timeline')).toBeVisible();
}
