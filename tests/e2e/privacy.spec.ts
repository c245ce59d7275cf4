import { expect, test, type Page } from '@playwright/test';
import { account, call, type Account } from './support/accounts';
import { axeClean } from './support/axe';
import { API, apiLogin, openTimelineSignedIn, signInThroughIdentityPage } from './support/login';
import { addFault, moveClock, outbox, removeFault } from './support/testControls';
import { navigateInApp } from './support/routes';
import { sharedPage } from './support/sharedPage';

// Accounts of this spec's own: their consents, requests, clocks and deletion are theirs alone.
// The privacy user's signed-in tests share one page (issue 35 step 5: a page load and sign-in
// cost more CPU than most of these tests); each starts from openPage(). The email link (signed
// out) and the account deletion (another user, two devices) keep pages of their own. Serial: a
// failing test skips the rest of the file.
test.describe.configure({ mode: 'serial' });

let user: Account;
/** The page the privacy user's signed-in tests share. */
const shared = sharedPage();

test.beforeAll(async ({ request }) => {
  user = await account(request, 'privacy', { name: 'Privacy Person' });
});

/**
 * The shared page on `path` (its `testId` shown) as a fresh load of it shows it. The first time,
 * a page load signed in with a new session. Then, in the page already signed in (its session the
 * last sign-in's: a test that moves the clock signs in again through the identity page): no
 * toast left from the last test, the page left for an error page and opened again in the app, so
 * it mounts anew and asks the server for its data again.
 */
async function openPage(path: string, testId: string): Promise<Page> {
  const page = shared();
  if (page.url() === 'about:blank') {
    await openTimelineSignedIn(page, path, user, testId);
    return page;
  }
  await page.evaluate(() => {
    const toasts = window.__capture!.stores.toasts.getState();
    for (const toast of toasts.toasts) toasts.dismiss(toast.id);
  });
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await navigateInApp(page, '/error/1');
  await expect(page.getByTestId(testId)).toHaveCount(0);
  await navigateInApp(page, path);
  await expect(page.getByTestId(testId)).toBeVisible();
  return page;
}

test('the privacy page needs a fresh login: an old sign-in goes through the identity page and back', async () => {
  const page = await openPage('/settings/privacy', 'privacy');
  await expect(page.getByTestId('privacy-back')).toBeVisible();
  // A day later this session is too old for privacy: the identity page asks again.
  await moveClock(user.email, 1);
  await page.reload();
  await expect(page.getByLabel('Password')).toBeVisible();
  await signInThroughIdentityPage(page, user, { fromPrompt: false });
  await expect(page.getByTestId('privacy')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  // The in-app form has no way back.
  await page.goto('/_from_inside_app/settings/privacy');
  await expect(page.getByTestId('privacy')).toBeVisible();
  await expect(page.getByTestId('privacy-back')).toHaveCount(0);
});

test('consents change at once and are kept; an injected 500 turns the switch back with a message', async () => {
  const page = await openPage('/settings/privacy', 'privacy');
  const grouping = page.getByTestId('consent-face_grouping');
  await expect(grouping).not.toBeChecked();
  await grouping.click();
  await expect(grouping).toBeChecked();
  await expect(grouping).toBeEnabled();
  await page.reload();
  await expect(page.getByTestId('consent-face_grouping')).toBeChecked();

  const fault = await addFault({
    method: 'POST',
    path: '/data_protection/consent_values$',
    status: 500,
  });
  try {
    const sms = page.getByTestId('consent-stay_up_to_date__sms');
    await sms.click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'could not be changed' }),
    ).toBeVisible();
    await expect(sms).not.toBeChecked();
    await expect(sms).toBeEnabled();
  } finally {
    await removeFault(fault);
  }
  const stored = await call<{ data: Record<string, boolean> }>(
    user,
    'GET',
    '/data_protection/consent_values',
  );
  expect(stored.data).toMatchObject({ face_grouping: true, stay_up_to_date__sms: false });
});

test('a data request is blocked for 24 hours, with the time left; a day later it can be made again', async () => {
  const page = await openPage('/settings/privacy', 'privacy');
  await page.getByTestId('data-request').click();
  await expect(page.getByTestId('data-request-sent')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('data-request-blocked')).toContainText('in 24 hours');
  await expect(page.getByTestId('data-request')).toHaveCount(0);

  await moveClock(user.email, 1);
  await page.reload();
  await expect(page.getByLabel('Password')).toBeVisible();
  await signInThroughIdentityPage(page, user, { fromPrompt: false });
  await expect(page.getByTestId('data-request')).toBeVisible();
  await expect(page.getByTestId('data-request-blocked')).toHaveCount(0);
});

test('digital legacy: the contact form checks every field, cancel goes back to the previous choice', async ({
  request,
}) => {
  const page = await openPage('/settings/privacy', 'privacy');
  await page.getByTestId('legacy-do_not_provide_content_to_anybody').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'is saved' })).toBeVisible();
  await expect(page.getByTestId('legacy-do_not_provide_content_to_anybody')).toBeChecked();

  await page.getByTestId('legacy-provide_content_to_contact').click();
  const confirm = page.getByTestId('legacy-contact-confirm');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('legacy-field-name').fill('Kari <Nordmann>');
  await page.getByTestId('legacy-field-phone_number').fill('+47 912');
  await page.getByTestId('legacy-field-email_address').fill('kari@example');
  await page.getByTestId('legacy-field-address').fill('Storgata 1');
  await page.getByTestId('legacy-field-name').focus();
  await expect(page.getByText('Enter a phone number of 8 to 14 digits')).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  // SPEC §5: a required field left blank says the generic text; all four show the asterisk.
  await page.getByTestId('legacy-field-address').fill('');
  await expect(page.getByText('Field is required')).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('required-mark')).toHaveCount(4);
  await expect(confirm).toBeDisabled();
  await axeClean(page, 'privacy');
  // Cancel: the previous choice is back, nothing is saved.
  await page.getByTestId('legacy-contact-cancel').click();
  await expect(page.getByTestId('legacy-do_not_provide_content_to_anybody')).toBeChecked();
  await expect(page.getByTestId('legacy-provide_content_to_contact')).not.toBeChecked();

  await page.getByTestId('legacy-provide_content_to_contact').click();
  await page.getByTestId('legacy-field-name').fill('Kari <Nordmann>');
  await page.getByTestId('legacy-field-phone_number').fill('+4791234567');
  await page.getByTestId('legacy-field-email_address').fill('kari@example.com');
  await page.getByTestId('legacy-field-address').fill('Storgata 1, Oslo');
  await confirm.click();
  await expect(page.getByTestId('legacy-contact')).toContainText('Kari <Nordmann>');
  await page.reload();
  await expect(page.getByTestId('legacy-provide_content_to_contact')).toBeChecked();
  // The beforeAll session is days old by now (moved clocks): the API needs a fresh one too.
  const fresh = { ...user, token: await apiLogin(request, user) };
  const stored = await call<{ choice: string; digital_legacy_data: unknown }>(
    fresh,
    'GET',
    '/digital_legacy',
  );
  expect(stored).toEqual({
    choice: 'provide_content_to_contact',
    digital_legacy_data: {
      contact_information: [
        {
          name: 'Kari <Nordmann>',
          phone_number: '+4791234567',
          email_address: 'kari@example.com',
          address: 'Storgata 1, Oslo',
        },
      ],
    },
  });
});

test('unsubscribe from an email link: entry, loading, unsubscribed, saved; no id is an error', async ({
  page,
}) => {
  await call(user, 'POST', '/data_protection/consent_values', { stay_up_to_date__email: true });
  const { id } = (await (
    await fetch(`${API}/__test/email_consent_id?email=${encodeURIComponent(user.email)}`)
  ).json()) as { id: string };
  // Opened from an email: no login.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Every call carries the common query parameters: match the path alone.
  await page.route(
    (url) => url.pathname.endsWith('/consent/user/email_consent'),
    async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    },
  );
  await page.goto(`/settings/unsubscribe?id=${id}`);
  const view = page.getByTestId('unsubscribe');
  await expect(view).toHaveAttribute('data-view', 'entry');
  await axeClean(page, 'unsubscribe');
  await page.getByTestId('unsubscribe-confirm').click();
  await expect(view).toHaveAttribute('data-view', 'loading');
  release();
  await expect(view).toHaveAttribute('data-view', 'unsubscribed');
  await expect(page.getByTestId('unsubscribe-done')).toBeVisible();
  expect(
    (await call<{ data: Record<string, boolean> }>(user, 'GET', '/data_protection/consent_values'))
      .data.stay_up_to_date__email,
  ).toBe(false);
  await page.getByTestId('unsubscribe-undo').click();
  await expect(view).toHaveAttribute('data-view', 'saved');
  await expect(page.getByTestId('unsubscribe-saved')).toContainText('again');

  await page.goto('/settings/unsubscribe');
  await expect(page.getByTestId('unsubscribe-error')).toContainText('Request to server failed');
  await page.goto(`/settings/unsubscribe?id=${'0'.repeat(32)}`);
  await expect(page.getByTestId('unsubscribe-error')).toBeVisible();
});

test('every settings page passes axe in English and Norwegian; the developer page deletes test payments', async () => {
  // Eighteen pages, each with an axe run: more than the default minute on a loaded machine. One
  // page load; the walk goes through the app's router as its links do.
  test.slow();
  const page = await openPage('/settings', 'settings');
  for (const language of ['en_US', 'nb_NO']) {
    await navigateInApp(page, '/settings');
    await page.getByTestId(`settings-language-${language}`).check();
    await expect(page.locator('html')).toHaveAttribute('lang', language.replace('_', '-'));
    await axeClean(page, 'settings');
    for (const [path, testId] of [
      ['/settings/privacy', 'privacy'],
      ['/emailSettings', 'email-settings'],
      ['/settings/devices', 'devices'],
      ['/settings/takeout', 'takeout'],
      ['/settings/advanced', 'advanced'],
      ['/developer', 'developer'],
      ['/settings/test-flags', 'test-flags'],
      ['/help', 'help'],
    ]) {
      await navigateInApp(page, path);
      await expect(page.getByTestId(testId)).toBeVisible();
      // Loaded: no spinner left in the page.
      await expect(page.getByTestId(testId).getByRole('progressbar')).toHaveCount(0);
      await axeClean(page, testId);
    }
  }
  await navigateInApp(page, '/settings');
  await page.getByTestId('settings-language-en_US').check();

  await navigateInApp(page, '/developer');
  await expect(page.getByTestId('developer-extensions')).toContainText('jpg');
  await page.getByTestId('developer-delete-payments').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'payments deleted' })).toBeVisible();
  const fault = await addFault({ method: 'DELETE', path: '/test/payment_data$', status: 500 });
  try {
    await page.getByTestId('developer-delete-payments').click();
    await expect(page.getByRole('alertdialog')).toContainText('Check the console');
  } finally {
    await removeFault(fault);
  }
});

test('deleting the account logs out every device at once; the account closes 30 days later', async ({
  browser,
  request,
}) => {
  const leaving = await account(request, 'leaving', { name: 'Leaving Person' });
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const page = await first.newPage();
    const other = await second.newPage();
    await openTimelineSignedIn(other, '/settings', leaving, 'settings');
    await openTimelineSignedIn(page, '/settings/privacy', leaving, 'privacy');

    // A failure first: the SPEC §8 text and a retry.
    const fault = await addFault({
      method: 'POST',
      path: '/data_protection/request_account_deletion$',
      status: 503,
    });
    try {
      await page.getByTestId('delete-account').click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
      await expect(page.getByTestId('delete-account-failed')).toContainText(
        'Something went wrong when we processed your request for deletion',
      );
    } finally {
      await removeFault(fault);
    }
    await page.getByTestId('delete-account').click();
    await expect(page.getByRole('alertdialog')).toContainText('logged out of all devices');
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await expect(page.getByTestId('login-prompt')).toBeVisible();

    // The other device finds its session ended at its next call: the one a click on Devices
    // makes, or one of its own in the background that came first (then the dialog is up before
    // the click, and a click by pointer would wait on it for ever: the event goes to the link).
    await other.getByTestId('settings-entry-devices').dispatchEvent('click');
    await expect(other.getByTestId('session-expired')).toBeVisible();

    // 30 days later the account is closed: signing in meets the account-terminated page.
    await moveClock(leaving.email, 30);
    await page.goto('/photos');
    await expect(page.getByTestId('login-prompt')).toBeVisible();
    await signInThroughIdentityPage(page, leaving);
    await expect(page.getByTestId('account-terminated')).toBeVisible();
    expect((await outbox(leaving.email)).map((m) => m.subject)).toEqual([
      'Your account is deleted',
    ]);
  } finally {
    await first.close();
    await second.close();
  }
});
