// Issue 17 payments against the contract server's payment-provider emulator: a read-only user
// gets the subscription dialog after sign-in, walks WELCOME → SUB → STRIPE (and back), pays in
// the provider's card frame with its public test cards — declined, then success; 3-D Secure
// refused, then approved — and can upload at once; a share copy held for a read-only user
// (dropped when the dialog is refused, run after the purchase); the storage page's plan
// changes, card update and delete, cancel and reactivate; and an upgrade that requires action
// (3-D Secure on the charge) refused, then approved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { account, call, uploadPhoto, type Account } from './support/accounts';
import { axeClean } from './support/axe';
import { API, openTimelineSignedIn, signInThroughIdentityPage } from './support/login';
import { moveClock } from './support/testControls';

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'capture-payments-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dialog = (page: Page) => page.getByTestId('subscription-dialog');
const cardFrame = (page: Page) => page.frameLocator('iframe[title="Secure payment input frame"]');
const challengeFrame = (page: Page) =>
  page.frameLocator('iframe[title="3D Secure authentication"]');

async function enterCard(page: Page, number: string) {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date').fill('12 / 34');
  await frame.getByLabel('Security code').fill('123');
}

/** Signs the read-only user in and takes the dialog to its card step with the 100 GB plan. */
async function toCardStep(page: Page, user: Account) {
  await openTimelineSignedIn(page, '/photos', user);
  await expect(dialog(page)).toHaveAttribute('data-step', 'WELCOME');
  await page.getByTestId('billing-choose').click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'SUB');
  await page.locator('[data-plan="prod_100gb_monthly"] input').check();
  await page.getByTestId('billing-terms').check();
  await page.getByTestId('billing-confirm-plan').click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'STRIPE');
}

test('a read-only user subscribes from the dialog: declined card, then success, then uploads', async ({
  page,
  request,
}) => {
  const user = await account(request, 'pay-ok', { readOnly: true });
  await openTimelineSignedIn(page, '/photos', user);

  // WELCOME → NOSUB → back → WELCOME → SUB → back → WELCOME → SUB.
  await expect(dialog(page)).toHaveAttribute('data-step', 'WELCOME');
  await expect(page.getByTestId('billing-trial')).toContainText('60 days');
  await axeClean(page, 'subscription-dialog');
  await page.getByTestId('billing-nosub').click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'NOSUB');
  await page.getByTestId('billing-back').click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'WELCOME');
  await page.getByTestId('billing-choose').click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'SUB');
  await page.getByTestId('billing-back').click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'WELCOME');
  await page.getByTestId('billing-choose').click();

  // Plan confirm waits for a plan and the terms (SPEC §5).
  const confirm = page.getByTestId('billing-confirm-plan');
  await expect(page.getByTestId('plan-cell')).toHaveCount(8);
  await axeClean(page, 'subscription-dialog');
  await expect(confirm).toBeDisabled();
  await page.locator('[data-plan="prod_100gb_monthly"] input').check();
  await expect(confirm).toBeDisabled();
  await page.getByTestId('billing-terms').check();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'STRIPE');
  // Back to SUB keeps the choice.
  await page.getByTestId('billing-back').click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'SUB');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  // The card form: submit only once the element reports complete.
  const submit = page.getByTestId('card-submit');
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await expect(submit).toBeDisabled();
  await enterCard(page, '4000000000000002');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId('billing-error')).toHaveText(
    'Confirm setup intent failed: Your card was declined.',
  );
  await expect(dialog(page)).toHaveAttribute('data-step', 'STRIPE');

  await cardFrame(page).getByLabel('Card number').fill('4242424242424242');
  await submit.click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('toast').first()).toContainText('100 GB subscription is active');

  // A subscriber at once: the upload button is no longer gated, and an upload goes through.
  await expect(page.getByTestId('read-only-gate')).toHaveCount(0);
  const file = path.join(dir, 'paid.jpg');
  await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 200, b: 90 } },
  })
    .jpeg()
    .toFile(file);
  await page.getByTestId('upload-input').setInputFiles([file]);
  await expect(page.getByTestId('upload-panel')).toHaveAttribute('data-mode', 'allUploaded', {
    timeout: 20_000,
  });
});

test('a plan bought the natural way: "Not now", the storage page, a plan picked in its table, Subscribe', async ({
  page,
  request,
}) => {
  const user = await account(request, 'pay-table', { readOnly: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTimelineSignedIn(page, '/photos', user);
  await expect(dialog(page)).toHaveAttribute('data-step', 'WELCOME');
  await page.getByTestId('billing-nosub').click();
  await page.getByTestId('billing-to-storage').click();
  await expect(dialog(page)).toBeHidden();

  // The storage page reached first has its own layout: a centred column, not flush to the edges.
  const storage = page.getByTestId('storage-page');
  await expect(storage).toBeVisible();
  const box = (await storage.boundingBox())!;
  expect(box.x).toBeGreaterThan(100);
  // The settings column is 50rem wide at most, rem growing from 18 px at the TV breakpoint
  // (1400 px and up, issue 34.11): 900 px here.
  const rem = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.documentElement).fontSize),
  );
  expect(box.width).toBeLessThanOrEqual(50 * rem);
  expect(box.width).toBeLessThan(1440 - 2 * 100);

  await page.locator('[data-testid="plan-table"] [data-plan="prod_100gb_monthly"] input').check();
  await page.getByTestId('storage-buy').click();
  // The dialog opens on the plan step with the table's choice, and its own radios work.
  await expect(dialog(page)).toHaveAttribute('data-step', 'SUB');
  const inDialog = (plan: string) => dialog(page).locator(`[data-plan="${plan}"] input`);
  await expect(inDialog('prod_100gb_monthly')).toBeChecked();
  await inDialog('prod_500gb_yearly').check();
  await expect(inDialog('prod_500gb_yearly')).toBeChecked();
  await expect(inDialog('prod_100gb_monthly')).not.toBeChecked();
  await inDialog('prod_100gb_monthly').check();
  await expect(inDialog('prod_100gb_monthly')).toBeChecked();
  await axeClean(page, 'subscription-dialog');
  await page.getByTestId('billing-terms').check();
  await page.getByTestId('billing-confirm-plan').click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'STRIPE');
  await expect(page.getByTestId('billing-summary')).toContainText('100 GB');
  await enterCard(page, '4242424242424242');
  await page.getByTestId('card-submit').click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('toast').first()).toContainText('100 GB subscription is active');
  await expect(page.getByTestId('storage-current')).toContainText('100 GB, monthly');
});

test('3-D Secure: a refused challenge fails, an approved one subscribes', async ({
  page,
  request,
}) => {
  const user = await account(request, 'pay-3ds', { readOnly: true });
  await toCardStep(page, user);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await enterCard(page, '4000002500003155');
  const submit = page.getByTestId('card-submit');
  await submit.click();
  await challengeFrame(page).getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByTestId('billing-error')).toContainText(
    'Confirm setup intent failed: We are unable to authenticate your payment method.',
  );
  await submit.click();
  await challengeFrame(page).getByRole('button', { name: 'Complete authentication' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('toast').first()).toContainText('100 GB subscription is active');
});

test('a share copy held for a read-only user: dropped when refused, run once subscribed', async ({
  page,
  request,
}) => {
  const owner = await account(request, 'pay-share-owner');
  const files: string[] = [];
  for (let i = 0; i < 2; i++) {
    const mtime = Date.UTC(2023, 6, 1 + i) / 1000;
    files.push(
      await uploadPhoto(owner, {
        path: `held/${i}.jpg`,
        mtime,
        width: 64,
        height: 48,
        red: 90 * i,
      }),
    );
  }
  const share = await call<{ id: string }>(owner, 'POST', '/shares', {
    job: owner.timeline,
    files,
  });
  const reader = await account(request, 'pay-share', { readOnly: true });
  const timelineCount = async () =>
    (await call<{ files: unknown[] }>(reader, 'GET', `/jobs/${reader.timeline}/files`)).files
      .length;
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text });

  // A visitor adds the share, signs in as a read-only user: the copy waits on the subscription
  // dialog the sign-in queued (one dialog); refusing it drops the copy and says so.
  await page.goto(`/share/${share.id}`);
  await page.getByTestId('share-add-to-photos').click();
  await signInThroughIdentityPage(page, reader, { fromPrompt: false });
  await expect(page).toHaveURL(`/share/${share.id}`);
  await expect(dialog(page)).toHaveAttribute('data-step', 'WELCOME');
  await expect(dialog(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(toast('The files were not added to your photos')).toBeVisible();
  expect(await timelineCount()).toBe(0);

  // Add to my photos again: the gate's subscribe holds the copy; paying runs it.
  const add = page.getByTestId('share-add-to-photos');
  await add.click({ force: true });
  await page
    .getByTestId('read-only-gate')
    .filter({ has: add })
    .getByTestId('read-only-subscribe')
    .click();
  await expect(dialog(page)).toHaveAttribute('data-step', 'WELCOME');
  await page.getByTestId('billing-choose').click();
  await page.locator('[data-plan="prod_100gb_monthly"] input').check();
  await page.getByTestId('billing-terms').check();
  await page.getByTestId('billing-confirm-plan').click();
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await enterCard(page, '4242424242424242');
  await page.getByTestId('card-submit').click();
  await expect(dialog(page)).toBeHidden();
  await expect(toast('2 files added to your photos')).toBeVisible();
  await expect(page).toHaveURL(`/share/${share.id}`);
  await expect.poll(timelineCount).toBe(2);
});

/**
 * A subscriber of the 100 GB monthly plan (in its trial), made through the API and the
 * emulator's card frame; a card asking for 3-D Secure at setup passes its challenge.
 */
async function subscriber(user: Account, number = '4242424242424242') {
  await call(user, 'POST', '/stripe/create_customer', { email: user.email, name: null });
  const intent = await call<{ id: string; client_secret: string }>(
    user,
    'POST',
    '/stripe/create_setup_intent',
  );
  const confirmed = await fetch(`${API}/stripe-emulator/v1/setup_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_secret: intent.client_secret,
      key: 'pk_test_capture_emulator',
      card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
    }),
  });
  expect(confirmed.ok).toBe(true);
  const { setup_intent } = (await confirmed.json()) as { setup_intent: { status: string } };
  if (setup_intent.status === 'requires_action') {
    const passed = await fetch(
      `${API}/stripe-emulator/v1/setup_intents/${intent.id}/authenticate`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_secret: intent.client_secret, approve: true }),
      },
    );
    expect(passed.ok).toBe(true);
  }
  await call(user, 'POST', '/stripe/finish_setup_intent', { setup_intent_id: intent.id });
  await call(user, 'POST', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' });
}

test('the storage page: plan changes, yearly → monthly refused, card update and delete, cancel and reactivate', async ({
  page,
  request,
}) => {
  const user = await account(request, 'pay-page', { readOnly: true });
  await subscriber(user);
  await openTimelineSignedIn(page, '/settings/storage', user, 'storage-page');
  await expect(page.getByTestId('storage-current')).toContainText('100 GB, monthly');
  await expect(page.getByTestId('plan-cell')).toHaveCount(8);
  await axeClean(page, 'storage-page');
  const cell = (plan: string) => page.locator(`[data-plan="${plan}"]`);
  const toast = page.getByTestId('toast');

  // Upgrade to yearly: at once; then monthly plans are unavailable (PLAN_IS_DOWNGRADE).
  await expect(cell('prod_100gb_monthly')).toHaveAttribute('data-type', 'active');
  await cell('prod_500gb_yearly').locator('input').check();
  await page.getByTestId('storage-change-plan').click();
  await expect(toast.filter({ hasText: 'Your plan is now 500 GB.' })).toBeVisible();
  await expect(cell('prod_500gb_yearly')).toHaveAttribute('data-type', 'active');
  await expect(cell('prod_1000gb_monthly')).toHaveAttribute('data-type', 'unavailable');
  await expect(cell('prod_1000gb_monthly').locator('input')).toBeDisabled();
  await expect(cell('prod_1000gb_monthly')).toContainText('cannot be changed to a monthly one');

  // Downgrade: the upcoming plan, withdrawn by "cancel upcoming".
  await cell('prod_100gb_yearly').locator('input').check();
  await page.getByTestId('storage-change-plan').click();
  await expect(toast.filter({ hasText: 'changes to 100 GB at the next renewal' })).toBeVisible();
  await expect(cell('prod_100gb_yearly')).toHaveAttribute('data-type', 'upcoming');
  await page.getByTestId('storage-cancel-upcoming').click();
  await expect(toast.filter({ hasText: 'You keep your current plan.' })).toBeVisible();
  await expect(cell('prod_100gb_yearly')).toHaveAttribute('data-type', 'available');

  // The card: update (another test card), then delete.
  await expect(page.getByTestId('storage-card-details')).toContainText('Visa ending in 4242');
  await page.getByTestId('storage-update-card').click();
  await enterCard(page, '5555555555554444');
  await page.getByTestId('card-submit').click();
  await expect(toast.filter({ hasText: 'Your card is updated.' })).toBeVisible();
  await expect(page.getByTestId('storage-card-details')).toContainText('Mastercard ending in 4444');
  await page.getByTestId('storage-delete-card').click();
  await expect(toast.filter({ hasText: 'Your card is deleted.' })).toBeVisible();
  await expect(page.getByTestId('storage-card-details')).toHaveCount(0);

  // Cancel keeps the storage until the period ends; reactivate undoes it.
  await page.getByTestId('storage-cancel').click();
  await expect(toast.filter({ hasText: 'Your subscription is cancelled.' })).toBeVisible();
  await expect(page.getByTestId('storage-current')).toContainText(
    'You keep your storage until then',
  );
  await page.getByTestId('storage-reactivate').click();
  await expect(toast.filter({ hasText: 'Your subscription is active again.' })).toBeVisible();
  await expect(page.getByTestId('storage-cancel')).toBeVisible();
});

test('action required: an upgrade charged to a card asking for 3-D Secure fails when refused, goes through when approved', async ({
  page,
  request,
}) => {
  const user = await account(request, 'pay-action', { readOnly: true });
  await subscriber(user, '4000002760003184');
  // Past the 60-day trial: the subscription is active and an upgrade is charged at once.
  await moveClock(user.email, 61);
  await openTimelineSignedIn(page, '/settings/storage', user, 'storage-page');
  const cell = (plan: string) => page.locator(`[data-plan="${plan}"]`);
  await expect(cell('prod_100gb_monthly')).toHaveAttribute('data-type', 'active');

  await cell('prod_500gb_monthly').locator('input').check();
  await page.getByTestId('storage-change-plan').click();
  await challengeFrame(page).getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByTestId('storage-error')).toHaveText(
    'Your bank did not confirm the payment. Nothing was charged and your plan is unchanged.',
  );
  await expect(cell('prod_100gb_monthly')).toHaveAttribute('data-type', 'active');
  const subs = await call<{ action_required_subscription_id: string | null }>(
    user,
    'GET',
    '/stripe/subscriptions',
  );
  expect(subs.action_required_subscription_id).toBeNull();

  await cell('prod_500gb_monthly').locator('input').check();
  await page.getByTestId('storage-change-plan').click();
  await challengeFrame(page).getByRole('button', { name: 'Complete authentication' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Your plan is now 500 GB.' }),
  ).toBeVisible();
  await expect(cell('prod_500gb_monthly')).toHaveAttribute('data-type', 'active');
});
