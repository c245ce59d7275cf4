import { expect, test, type Page } from '@playwright/test';
import { E2E_WEB_PORT } from '../../playwright.config';
import { account, call, uploadPhoto, type Account } from './support/accounts';
import { axeBuilder } from './support/axe';
import { openTimelineSignedIn } from './support/login';
import { navigateInApp } from './support/routes';
import {
  addCard,
  cardsOf,
  setBeingShutDown,
  setSunsetDate,
  setTermsToApprove,
  statisticsOf,
} from './support/sessionControls';
import { addFault, removeFault } from './support/testControls';
import { afterTwoFrames } from './support/hooks';

// SPEC §4 modal queue (terms, sunset notice, full-screen cards) and SPEC §1/§7/§9 analytics, each
// test with accounts of its own so nothing it approves, dismisses or sends is another test's.

const WEB = `http://127.0.0.1:${E2E_WEB_PORT}`;

async function axeClean(page: Page): Promise<void> {
  const result = await axeBuilder(page).include('dialog[open]').analyze();
  expect(result.violations).toEqual([]);
}

/**
 * After a reload: the session has started (the timeline shows, so the account is loaded and its
 * prompts were queued in that same render) and two frames later the queue is still empty.
 */
async function expectNoPrompt(page: Page): Promise<void> {
  await expect(page.getByTestId('timeline')).toBeVisible();
  await afterTwoFrames(page);
  expect(await page.evaluate(() => window.__capture!.stores.popups.getState().queue)).toEqual([]);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

const accountInfo = (user: Account) =>
  call<{ tos_to_approve: { version: string } | null }>(user, 'GET', '/account_info');

test('terms: accept approves the pending version; a failed save says so and keeps the choice', async ({
  page,
  request,
}) => {
  const user = await account(request, 'terms-accept');
  await setTermsToApprove(user.email, '2025-09');
  await openTimelineSignedIn(page, '/photos', user, 'terms-popup');
  const popup = page.getByTestId('terms-popup');
  await expect(popup).toHaveAttribute('data-version', '2025-09');
  await expect(page.getByRole('dialog', { name: 'New terms of service' })).toBeVisible();
  // The terms by language (SPEC §9): English here, in a new tab without an opener.
  const link = page.getByTestId('terms-link');
  await expect(link).toHaveAttribute('href', 'https://captureapp.com/terms');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await axeClean(page);

  const fault = await addFault({ method: 'POST', path: '/approve_tos$', status: 500 });
  try {
    await page.getByTestId('terms-accept').click();
    await expect(page.getByTestId('terms-failed')).toHaveText(
      'Your answer could not be saved. Please try again.',
    );
    await expect(page.getByTestId('terms-accept')).toBeEnabled();
  } finally {
    await removeFault(fault);
  }
  expect((await accountInfo(user)).tos_to_approve).toEqual({ version: '2025-09' });
  await page.getByTestId('terms-accept').click();
  await expect(popup).toHaveCount(0);
  expect((await accountInfo(user)).tos_to_approve).toBeNull();
  // Approved: the next session asks nothing.
  await page.reload();
  await expectNoPrompt(page);
});

test('terms: decline closes and the user carries on; the terms come back next session', async ({
  page,
  request,
}) => {
  const user = await account(request, 'terms-decline');
  await setTermsToApprove(user.email, '2025-10');
  await openTimelineSignedIn(page, '/photos', user, 'terms-popup');
  const declined = page.waitForRequest(
    (r) =>
      r.url().includes('/approve_tos') &&
      (r.postDataJSON() as { accepted?: boolean } | null)?.accepted === false,
  );
  await page.getByTestId('terms-decline').click();
  await declined;
  await expect(page.getByTestId('terms-popup')).toHaveCount(0);
  // The app is usable: the albums page opens.
  await page.getByRole('link', { name: 'Albums' }).first().click();
  await expect(page.getByTestId('albums-page')).toBeVisible();
  expect((await accountInfo(user)).tos_to_approve).toEqual({ version: '2025-10' });
  await page.reload();
  await expect(page.getByTestId('terms-popup')).toBeVisible();
  // Escape is a decline too.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('terms-popup')).toHaveCount(0);
});

test('the sunset notice shows once, with the date, and not again after a reload; the paid-service transition notice until closed', async ({
  page,
  request,
}) => {
  const user = await account(request, 'sunset');
  // 1 March 2031, noon UTC.
  await setSunsetDate(user.email, Date.UTC(2031, 2, 1, 12) / 1000);
  await setBeingShutDown(user.email, true);
  await openTimelineSignedIn(page, '/photos', user, 'sunset-popup');
  await expect(page.getByTestId('sunset-popup')).toContainText('March 1, 2031');
  await axeClean(page);
  await page.getByTestId('sunset-ok').click();
  await expect(page.getByTestId('sunset-popup')).toHaveCount(0);
  // Remembered for this user (SPEC §9 hasSeenSunsetDeletionPrompt).
  const { uuid } = await call<{ uuid: string }>(user, 'GET', '/account_info');
  const seen = await page.evaluate(() => localStorage.getItem('hasSeenSunsetDeletionPrompt'));
  expect(JSON.parse(seen ?? 'null')).toEqual([uuid]);

  // SPEC §2 paid-service transition notice (account_info isBeingShutDown): the §9 trial promo
  // (2 months) and the deletion date, a way to the plans, and Close remembered as an account attribute.
  const notice = page.getByTestId('transition-notice');
  await expect(notice).toContainText('We are becoming a paid service');
  await expect(notice).toContainText('your first 2 months are free');
  await expect(notice).toContainText('will be deleted on March 1, 2031');
  await expect(page.getByTestId('transition-notice-plans')).toHaveAttribute(
    'href',
    '/settings/storage',
  );
  await page.getByTestId('transition-notice-close').click();
  await expect(notice).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          await call<{ result: string | null }>(
            user,
            'GET',
            '/account_attribute?account_attribute_key=paid_service_transition_notice_dismissed',
          )
        ).result,
    )
    .toBe('true');

  await page.reload();
  await expectNoPrompt(page);
  await expect(notice).toHaveCount(0);
});

test('full-screen cards: internal navigation, new tab, redirect and dismiss; hostile values stay inert', async ({
  page,
  request,
}) => {
  const user = await account(request, 'cards');
  const cta = (
    label: string,
    action: { action_type: string; url: string } | null,
    dismiss = true,
  ) => ({ label, dismiss_on_tap: dismiss, web_action: action });
  const values = (title: string, primary: ReturnType<typeof cta>, extra = {}) => ({
    title,
    body: `${title} body`,
    primary_cta: primary,
    ...extra,
  });
  // Another template: never shown however high its priority (SPEC §3).
  const foreign = await addCard(user.email, {
    priority: 100,
    template: 'carousel_2',
    client_values: { slides: [] },
  });
  const internal = await addCard(user.email, {
    priority: 30,
    client_values: values(
      'Card internal',
      cta('Open albums', {
        action_type: 'internal_navigation',
        url: '/albums',
      }),
      {
        illustration: `${WEB}/favicon.svg`,
        body: 'Line one\n<img src=x onerror="window.__pwned=1">',
        secondary_cta: cta('Later', null, false),
      },
    ),
  });
  const newTab = await addCard(user.email, {
    priority: 20,
    client_values: values(
      'Card new tab',
      cta('Read more', {
        action_type: 'new_tab',
        url: `${WEB}/help?tab=1`,
      }),
    ),
  });
  const redirect = await addCard(user.email, {
    priority: 10,
    client_values: values(
      'Card redirect',
      cta('Go', {
        action_type: 'redirect',
        url: `${WEB}/help?from=card`,
      }),
    ),
  });
  const hostile = await addCard(user.email, {
    priority: 5,
    client_values: values(
      '<script>window.__pwned=1</script>',
      cta('Click', { action_type: 'redirect', url: 'javascript:window.__pwned=1' }, false),
      { illustration: 'javascript:window.__pwned=1' },
    ),
  });
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected ${dialog.type()}: ${dialog.message()}`);
  });

  await openTimelineSignedIn(page, '/photos', user, 'full-screen-card');
  const card = page.getByTestId('full-screen-card');
  await expect(card).toHaveAttribute('data-card', internal);
  await expect(page.getByRole('dialog', { name: 'Card internal' })).toBeVisible();
  await expect(page.getByTestId('card-illustration')).toHaveAttribute('src', `${WEB}/favicon.svg`);
  // The service's text is text: the markup shows as typed and runs nothing.
  await expect(page.getByTestId('card-body')).toContainText('<img src=x onerror=');
  await axeClean(page);

  await page.getByTestId('card-primary').click();
  await expect(page).toHaveURL(/\/albums$/);
  await expect(card).toHaveAttribute('data-card', newTab);

  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('card-primary').click(),
  ]);
  await expect(tab).toHaveURL(`${WEB}/help?tab=1`);
  expect(await tab.evaluate(() => window.opener as unknown)).toBeNull();
  await tab.close();
  await expect(card).toHaveAttribute('data-card', redirect);

  await page.getByTestId('card-primary').click();
  await expect(page).toHaveURL(`${WEB}/help?from=card`);
  // A new page load: the cards dismissed so far are gone; the hostile one is left.
  await expect(card).toHaveAttribute('data-card', hostile);
  await expect(
    page.getByRole('dialog', { name: '<script>window.__pwned=1</script>' }),
  ).toBeVisible();
  await expect(page.getByTestId('card-illustration')).toHaveCount(0);
  await page.getByTestId('card-primary').click();
  // Refused: the button only closed the card, which was not dismissed on the server.
  await expect(card).toHaveCount(0);
  await expect(page).toHaveURL(`${WEB}/help?from=card`);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  const dismissedOf = async () =>
    Object.fromEntries((await cardsOf(user.email)).map((c) => [c.card_id, c.dismissed !== null]));
  await expect.poll(dismissedOf).toEqual({
    [foreign]: false,
    [internal]: true,
    [newTab]: true,
    [redirect]: true,
    [hostile]: false,
  });
  // Next session it is back; closing it dismisses it for good.
  await page.reload();
  await expect(card).toHaveAttribute('data-card', hostile);
  await page.getByTestId('card-close').click();
  await expect(card).toHaveCount(0);
  await expect.poll(async () => (await dismissedOf())[hostile]).toBe(true);
  await page.reload();
  await expect(page.getByTestId('help')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('analytics: nothing without consent; with it, engaged events keep their 3600 s cooldown', async ({
  page,
  request,
}) => {
  // Two page loads and ten pages opened in the app: more than the default minute on a loaded
  // machine.
  test.slow();
  const user = await account(request, 'analytics');
  const photo = await uploadPhoto(user, {
    path: 'stats.jpg',
    mtime: Date.UTC(2023, 4, 1) / 1000,
    width: 640,
    height: 480,
    red: 90,
  });
  const album = (
    await call<{ id: string }>(user, 'POST', '/jobs', {
      type: 'story',
      name: 'Stats album',
      public: false,
    })
  ).id;
  await call(user, 'POST', `/jobs/${album}/copy_files`, {
    source_job: user.timeline,
    file_ids: [photo],
  });
  const sent: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/user_statistics_events' || path === '/client_stats') sent.push(path);
  });
  await page.clock.install();

  // Consent off (the default): the viewer and an album open, and nothing is sent.
  await openTimelineSignedIn(page, '/photos', user);
  await navigateInApp(page, `/photos/${photo}`);
  await expect(page.getByTestId('carousel')).toBeVisible();
  await navigateInApp(page, `/albums/${album}`);
  await expect(page.getByTestId('album-header')).toBeVisible();
  await navigateInApp(page, '/settings/privacy');
  await expect(page.getByTestId('privacy')).toBeVisible();
  // Pages opened in the app, as a user's clicks open them (one load each cost 2-4 CPU s): the
  // consent is read on every page, not only at start-up.
  expect(sent).toEqual([]);
  expect(await statisticsOf(user.email)).toEqual({ events: [], client_stats: [] });

  // The user allows it on the privacy page (help_us_improve).
  const consent = page.getByTestId('consent-help_us_improve');
  await consent.click();
  await expect(consent).toBeChecked();
  await expect(consent).toBeEnabled();
  const eventNames = async () => (await statisticsOf(user.email)).events.map((e) => e.event_name);

  await navigateInApp(page, `/photos/${photo}`);
  await expect(page.getByTestId('carousel')).toBeVisible();
  await expect.poll(eventNames).toEqual(['web_carousel_open']);
  // Again within the hour (a new page load: the cooldown is remembered), then an album: only the
  // album's event is new.
  await page.goto(`/photos/${photo}`);
  await expect(page.getByTestId('carousel')).toBeVisible();
  await navigateInApp(page, `/albums/${album}`);
  await expect(page.getByTestId('album-header')).toBeVisible();
  await expect.poll(eventNames).toEqual(['web_carousel_open', 'web_album_open']);

  // 3600 s later the viewer counts again.
  const first = (await statisticsOf(user.email)).events[0].created_at;
  await page.clock.setSystemTime((first + 3600) * 1000);
  await navigateInApp(page, `/photos/${photo}`);
  await expect(page.getByTestId('carousel')).toBeVisible();
  await expect
    .poll(eventNames)
    .toEqual(['web_carousel_open', 'web_album_open', 'web_carousel_open']);
  const stats = await statisticsOf(user.email);
  expect(stats.events[2].created_at - stats.events[0].created_at).toBeGreaterThanOrEqual(3600);
  // Every event carries the SPEC §7 fields; client stats say when the user was last engaged.
  const identity = await page.evaluate(() => ({
    session: atob(localStorage.getItem('session_ID') ?? ''),
  }));
  expect(stats.events.every((e) => e.session_id === identity.session)).toBe(true);
  await expect
    .poll(async () => (await statisticsOf(user.email)).client_stats.at(-1)?.last_engaged)
    .toBe(stats.events[2].created_at);

  // Withdrawn: nothing more leaves, even after the cooldown.
  await navigateInApp(page, '/settings/privacy');
  await consent.click();
  await expect(consent).not.toBeChecked();
  await expect(consent).toBeEnabled();
  const before = sent.length;
  await page.clock.setSystemTime((first + 3 * 3600) * 1000);
  await navigateInApp(page, `/photos/${photo}`);
  await expect(page.getByTestId('carousel')).toBeVisible();
  await navigateInApp(page, `/albums/${album}`);
  await expect(page.getByTestId('album-header')).toBeVisible();
  await navigateInApp(page, '/settings/privacy');
  await expect(page.getByTestId('privacy')).toBeVisible();
  expect(sent.length).toBe(before);
  expect((await statisticsOf(user.email)).events).toHaveLength(3);
});
