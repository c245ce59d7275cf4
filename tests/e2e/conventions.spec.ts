// Issue 21 "Conventions users expect": the keyboard shortcut sheet, prefers-reduced-motion in
// the shell, and a dark theme following prefers-color-scheme (axe-clean in both themes, the
// gallery canvas dark too).
import { expect, test, type Page } from '@playwright/test';
import { axeBuilder } from './support/axe';
import { waitForSceneReady } from './support/gallery';
import { waitForHook } from './support/hooks';
import { openTimelineSignedIn } from './support/login';

async function axeViolations(page: Page) {
  const results = await axeBuilder(page).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.map((n) => n.target).slice(0, 3),
  }));
}

test('? opens the shortcut sheet with the grid and global keys; Escape closes it; not in a text field', async ({
  page,
}) => {
  await openTimelineSignedIn(page);
  await page.getByRole('button', { name: 'OK, I understand' }).click();
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Everywhere' })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Photo grid' })).toBeVisible();
  for (const text of ['Select all', 'Next or previous month', 'Zoom in or out', 'Open the photo']) {
    await expect(sheet).toContainText(text);
  }
  await expect(sheet.locator('kbd', { hasText: 'Arrow keys' }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // A `?` typed into a text field is text.
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'test field');
    document.querySelector('main')!.append(field);
    field.focus();
  });
  await page.keyboard.press('Shift+Slash');
  await expect(page.getByLabel('test field')).toHaveValue('?');
  await expect(sheet).toBeHidden();

  // Elsewhere the grid's keys are not listed.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByTestId('documents')).toBeVisible();
  await page.locator('body').press('Shift+Slash');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Photo grid' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('with reduced motion the shell moves nothing: drawer, dialogs, toasts, spinners', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openTimelineSignedIn(page);
  await page.getByRole('button', { name: 'OK, I understand' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#side-menu');
  await expect(menu).toBeVisible();
  expect(await menu.evaluate((el) => getComputedStyle(el).transitionDuration)).toMatch(/^0s/);
  await page.keyboard.press('Escape');
  await waitForHook(page, 'actions');
  await page.evaluate(() => {
    const { actions } = window.__capture!;
    actions.showToast({ message: { key: 'common.loading' } });
    void actions.confirmDialog({ body: { key: 'common.loading' } });
  });
  await expect(page.getByRole('alertdialog')).toBeVisible();
  // Nothing animates or transitions anywhere in the document (the canvas draws in WebGL).
  expect(
    await page.evaluate(
      () => document.getAnimations().filter((a) => a.playState === 'running').length,
    ),
  ).toBe(0);
  const spinner = await page.evaluate(() => {
    const wheel = document.createElement('div');
    wheel.className = 'ui-spinner__wheel';
    document.body.append(wheel);
    return getComputedStyle(wheel).animationName;
  });
  expect(spinner).toBe('none');

  // Without the preference the drawer does slide (the check above can fail).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await menu.evaluate((el) => getComputedStyle(el).transitionDuration)).not.toMatch(/^0s$/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme} theme: /photos and /documents pass axe, the canvas follows the theme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await openTimelineSignedIn(page);
    await page.getByRole('button', { name: 'OK, I understand' }).click();
    await waitForSceneReady(page);
    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    expect(background).toBe(colorScheme === 'dark' ? 'rgb(18, 19, 23)' : 'rgb(255, 255, 255)');
    // The canvas's own background: the middle of the first month's header row (its text sits
    // at the left; the tiles start below it).
    const canvas = page.getByTestId('gallery').locator('canvas');
    const box = (await canvas.boundingBox())!;
    const png = await page.screenshot({
      clip: { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + 4), width: 1, height: 1 },
    });
    const { default: sharp } = await import('sharp');
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const luminance = (data[0] + data[1] + data[2]) / 3;
    if (colorScheme === 'dark') expect(luminance).toBeLessThan(60);
    else expect(luminance).toBeGreaterThan(200);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByTestId('document-row').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
