import { expect, test } from '@playwright/test';
import {
  API,
  DEMO,
  apiLogin,
  openTimelineSignedIn,
  signInThroughIdentityPage,
} from './support/login';

test('a logged-out user signs in through the identity page and lands back on /photos', async ({
  page,
}) => {
  await page.goto('/photos');
  await expect(page.getByTestId('login-prompt')).toBeVisible();
  await signInThroughIdentityPage(page);
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(page.getByTestId('login-prompt')).toHaveCount(0);
  // The code and state are gone from the address bar.
  expect(page.url()).not.toContain('code=');
});

test('after login the user returns to the location stored before login', async ({ page }) => {
  await page.goto('/no/such/place');
  await page.getByTestId('login-button').click();
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/no\/such\/place$/);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByTestId('login-button')).toHaveCount(0);
});

test('a wrong password shows the error on the identity page', async ({ page }) => {
  await page.goto('/photos');
  await page.getByTestId('sign-in').click();
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page.getByRole('alert')).toContainText(/wrong email or password/i);
});

test('log out returns to the logged-out state', async ({ page }) => {
  await openTimelineSignedIn(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('login-prompt')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('login-prompt')).toBeVisible();
});

test("a revoked device's token gets the session-expired dialog", async ({ page, request }) => {
  await openTimelineSignedIn(page);
  const other = await apiLogin(request);
  const auth = { Authorization: `Basic ${Buffer.from(`${other}:`).toString('base64')}` };
  const devices = (await (await request.get(`${API}/devices`, { headers: auth })).json()) as {
    current: string;
    devices: { id: string; name: string }[];
  };
  for (const device of devices.devices.filter((d) => d.id !== devices.current)) {
    const revoked = await request.delete(`${API}/devices/${device.id}`, { headers: auth });
    expect(revoked.ok()).toBe(true);
  }
  // The page's next call with the revoked token answers 401. (A reload would race with calls the
  // timeline is still making, which may already have shown the dialog and dropped the token.)
  await page.evaluate(async () => {
    const hooks = window as unknown as {
      __capture: { api: { request(r: object): Promise<unknown> } };
    };
    await hooks.__capture.api
      .request({ method: 'GET', path: '/account_info', responseType: 'none' })
      .catch(() => undefined);
  });
  await expect(page.getByTestId('session-expired')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toContainText('Session expired');
});
