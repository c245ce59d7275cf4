// The viewer's toolbar as a person uses it: a button in the bar, or in the More menu (issue 34.5).
import { expect, type Locator, type Page } from '@playwright/test';
import { afterTwoFrames } from './hooks';

/**
 * A viewer toolbar button, the More menu opened first when that is where it sits. Looked at again
 * until it shows: after a resize the bar lays itself out anew (React moves a button between the
 * bar and the menu on the phone breakpoint), and a look taken before that saw the button where it
 * no longer is (screens.spec failed so: "Add to album" left closed in the menu).
 */
export async function viewerAction(page: Page, testId: string): Promise<Locator> {
  const button = page.getByTestId(testId);
  // A resize just made reaches the app later (the page's new width, its resize event, then the
  // render): the page's width is waited for, then two frames, so the bar is laid out for the
  // viewport it is in before it is looked at. Looked at first, "Add to album" was seen in the
  // bar, then moved into the closed menu (fresh23). A second at most, should no frame come.
  const width = page.viewportSize()?.width;
  if (width !== undefined) await page.waitForFunction((w) => window.innerWidth === w, width);
  await afterTwoFrames(page, 1_000);
  await expect(async () => {
    if (await button.isVisible()) return;
    const inClosedMenu = await button.evaluate(
      (element) => element.closest('.carousel-more__panel:not(.is-open)') !== null,
    );
    // Neither shown nor in the closed menu: the bar is being laid out (or the menu opening).
    if (!inClosedMenu) throw new Error(`${testId}: not in the bar or the More menu yet`);
    await page.getByTestId('carousel-more').click();
    await expect(button).toBeVisible();
  }).toPass({ timeout: 30_000 });
  return button;
}

/** The visible buttons and links of the viewer's bar: their test ids and boxes, left to right. */
export async function barButtons(
  page: Page,
): Promise<{ id: string; x: number; y: number; w: number; h: number }[]> {
  return page.getByTestId('carousel').evaluate((viewer) =>
    [...viewer.querySelectorAll<HTMLElement>('.carousel-toolbar :is(button, a[href])')]
      .filter((element) => !element.closest('.carousel-more__panel, dialog, [popover]'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          id: element.dataset.testid ?? '',
          x: Math.round(box.x),
          y: Math.round(box.y),
          w: Math.round(box.width),
          h: Math.round(box.height),
        };
      })
      .filter((box) => box.w > 0 && box.h > 0),
  );
}
