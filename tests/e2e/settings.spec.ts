import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { account, call, uploadPhoto, type Account } from './support/accounts';
import { axeBuilder } from './support/axe';
import { waitForSceneReady } from './support/gallery';
import { screenTiles } from './support/interaction';
import { API, apiLogin, openTimelineSignedIn } from './support/login';
import { navigateInApp } from './support/routes';

// An account of this spec's own: its devices and its language are its alone.
test.describe.configure({ mode: 'serial' });

let user: Account;

test.beforeAll(async ({ request }) => {
  user = await account(request, 'settings', { name: 'Settings <Person>' });
});

test('settings home: who is signed in, the built areas, and the language kept across a reload', async ({
  page,
}) => {
  await openTimelineSignedIn(page, '/settings', user, 'settings');
  await expect(page.getByTestId('settings-who')).toContainText('Settings <Person>');
  for (const entry of [
    'devices',
    'privacy',
    'emailSettings',
    'documents',
    'deleted_items',
    'takeout',
    'advanced',
    'storage',
  ]) {
    await expect(page.getByTestId(`settings-entry-${entry}`)).toBeVisible();
  }
  expect((await axeBuilder(page).include('[data-testid="settings"]').analyze()).violations).toEqual(
    [],
  );

  await page.getByTestId('settings-language-bg_BG').check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Настройки');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bg-BG');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Настройки');
  await expect(page.getByTestId('settings-language-bg_BG')).toBeChecked();
  expect((await axeBuilder(page).include('[data-testid="settings"]').analyze()).violations).toEqual(
    [],
  );
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('bg_BG');

  await page.getByTestId('settings-language-en_US').check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await page.getByTestId('settings-entry-takeout').click();
  await expect(page.getByTestId('takeout')).toBeVisible();
  // The takeout is reached from privacy, and goes back there.
  await page.getByTestId('takeout-back').click();
  await expect(page.getByTestId('privacy')).toBeVisible();
  await page.getByTestId('privacy-back').click();
  await expect(page.getByTestId('settings')).toBeVisible();
});

test('rename: the name is checked, saved, and shown in the shell', async ({ page }) => {
  await openTimelineSignedIn(page, '/settings', user, 'settings');
  await page.getByTestId('settings-name-edit').click();
  const input = page.getByTestId('settings-name-input');
  await input.fill('   ');
  await expect(page.getByTestId('settings-name-problem')).toHaveText('Field is required');
  await expect(page.getByTestId('settings-name-form').getByTestId('required-mark')).toHaveText('*');
  await expect(page.getByTestId('settings-name-save')).toBeDisabled();
  await input.fill('x'.repeat(256));
  await expect(page.getByTestId('settings-name-problem')).toContainText('at most 255');
  await input.fill('Åse <b>"Ølstad"</b>');
  await page.getByTestId('settings-name-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Changes saved' })).toBeVisible();
  await expect(page.getByTestId('settings-who')).toContainText('Åse <b>"Ølstad"</b>');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByTestId('side-menu-who')).toHaveText('Åse <b>"Ølstad"</b>');
  const info = await call<{ name: string }>(user, 'GET', '/account_info');
  expect(info.name).toBe('Åse <b>"Ølstad"</b>');
});

test('help links in the user’s language; test flags light the QA marker', async ({ page }) => {
  await openTimelineSignedIn(page, '/settings', user, 'settings');
  await page.getByTestId('settings-entry-help').click();
  await expect(page.getByTestId('help-center')).toHaveAttribute(
    'href',
    'https://captureapp.com/help',
  );
  expect((await axeBuilder(page).include('[data-testid="help"]').analyze()).violations).toEqual([]);
  await navigateInApp(page, '/settings');
  await page.getByTestId('settings-language-sv_SE').check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inställningar');
  await page.getByTestId('settings-entry-help').click();
  await expect(page.getByTestId('help-center')).toHaveAttribute(
    'href',
    'https://captureapp.com/sv/help',
  );
  await navigateInApp(page, '/settings');
  await page.getByTestId('settings-language-en_US').check();

  await navigateInApp(page, '/settings/test-flags');
  await expect(page.getByTestId('qa-marker')).toHaveCount(0);
  await page.getByTestId('test-flag-new-signup').check();
  await expect(page.getByTestId('qa-marker')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('test-flag-new-signup')).toBeChecked();
  await page.getByTestId('test-flags-reset').click();
  await expect(page.getByTestId('qa-marker')).toHaveCount(0);
  expect(
    (await axeBuilder(page).include('[data-testid="test-flags"]').analyze()).violations,
  ).toEqual([]);
});

test('devices: this one marked; removing another signs it out', async ({ page, request }) => {
  // A second device: a session made through the API.
  const other = await apiLogin(request, user);
  const accountInfo = (token: string) =>
    fetch(`${API}/account_info`, { headers: { Authorization: basicAuthHeader(token) } });
  expect((await accountInfo(other)).status).toBe(200);

  await openTimelineSignedIn(page, '/settings/devices', user, 'devices');
  const devices = page.getByTestId('device');
  await expect.poll(() => devices.count()).toBeGreaterThanOrEqual(2);
  await expect(page.locator('[data-testid="device"][data-current]')).toHaveCount(1);
  expect((await axeBuilder(page).include('[data-testid="devices"]').analyze()).violations).toEqual(
    [],
  );
  const count = await devices.count();

  // Remove every device but this one (the spec's own API sessions among them).
  const others = page.locator('[data-testid="device"]:not([data-current])');
  for (let i = 0; i < count - 1; i++) {
    await others.first().getByTestId('device-remove').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('signed out');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(devices).toHaveCount(count - 1 - i);
  }
  expect((await accountInfo(other)).status).toBe(401);
  expect((await accountInfo(user.token)).status).toBe(401);

  // Removing this one logs out.
  await page.getByTestId('device-remove').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('login-prompt')).toBeVisible();
});

test('profile picture: pick a photo on the timeline grid, move the circle, OK; the side menu shows the crop', async ({
  page,
  request,
}) => {
  // The devices test signed out the API session of beforeAll: a new one.
  const me = { ...user, token: await apiLogin(request, user) };
  // 1600×1200: red on the left half, blue on the right.
  const bytes = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 220, g: 20, b: 20 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 800, height: 1200, channels: 3, background: { r: 20, g: 20, b: 220 } },
        })
          .png()
          .toBuffer(),
        left: 800,
        top: 0,
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  const photoId = await uploadPhoto(me, {
    path: 'profile/halves.jpg',
    mtime: 1_700_000_000,
    width: 1600,
    height: 1200,
    red: 0,
    bytes,
  });
  await openTimelineSignedIn(page, '/settings', user, 'settings');
  await page.getByTestId('settings-picture-change').click();
  await expect(page.getByTestId('profile-picker')).toHaveAttribute('data-load', 'ready');
  await waitForSceneReady(page);
  const tile = (await screenTiles(page)).find((t) => t.id === photoId)!;
  await page.mouse.click(tile.x + tile.w / 2, tile.y + tile.h / 2);
  await expect(page.getByTestId('cropper')).toHaveAttribute('data-ready', 'true');
  expect((await axeBuilder(page).include('[data-testid="cropper"]').analyze()).violations).toEqual(
    [],
  );
  // Cancel leaves the picture as it was; then again, and move the photo right to its left edge.
  await page.getByTestId('crop-cancel').click();
  await expect(page.getByTestId('cropper')).toHaveCount(0);
  await page.mouse.click(tile.x + tile.w / 2, tile.y + tile.h / 2);
  await expect(page.getByTestId('cropper')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('crop-area').focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await page.getByTestId('crop-ok').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'profile picture is updated' }),
  ).toBeVisible();
  await expect(page.getByTestId('settings')).toBeVisible();
  await expect(page.getByTestId('settings-avatar')).toBeVisible();

  // The stored picture: 310×310 cut from the original's left square (0…1200 of 1600): two
  // thirds red, then blue.
  const info = await call<{ profile_picture: string }>(me, 'GET', '/account_info');
  const stored = Buffer.from(await (await fetch(info.profile_picture)).arrayBuffer());
  const { data, info: meta } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
  expect([meta.width, meta.height]).toEqual([310, 310]);
  const pixel = (x: number, y: number) => {
    const at = (y * meta.width + x) * meta.channels;
    return [data[at], data[at + 1], data[at + 2]];
  };
  const isRed = ([r, , b]: number[]) => r > 180 && b < 60;
  const isBlue = ([r, , b]: number[]) => b > 180 && r < 60;
  expect(isRed(pixel(10, 155))).toBe(true);
  expect(isRed(pixel(190, 155))).toBe(true);
  expect(isBlue(pixel(280, 155))).toBe(true);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByTestId('side-menu-avatar')).toHaveAttribute('src', info.profile_picture);
});

test('an account without a name is asked for one; Later waits for the next session', async ({
  page,
  request,
}) => {
  const nameless = await account(request, 'nameless', { name: '' });
  await openTimelineSignedIn(page, '/photos', nameless);
  const modal = page.getByTestId('missing-name');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('missing-name-save')).toBeDisabled();
  await page.getByTestId('missing-name-later').click();
  await expect(modal).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(modal).toHaveCount(0);
  // A new session asks again; a name typed and saved ends it.
  await page.evaluate(() => sessionStorage.removeItem('missingNameDismissed'));
  await page.reload();
  await page.getByTestId('missing-name-input').fill('  Nina <Navn>  ');
  await page.getByTestId('missing-name-save').click();
  await expect(modal).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByTestId('side-menu-who')).toHaveText('Nina <Navn>');
});
