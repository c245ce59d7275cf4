// The viewer's toolbar as a person uses it: a button in the bar, or in the More menu (issue 34.5).
import type { Locator, Page } from '@playwright/test';

/** A viewer toolbar button, the More menu opened first when that is where it sits. */
export async function viewerAction(page: Page, testId: string): Promise<Locator> {
  const button = page.getByTestId(testId);
  await button.waitFor({ state: 'attached' });
  const inMenu = await button.evaluate((element) => element.closest('.carousel-more__panel'));
  if (inMenu && !(await button.isVisible())) await page.getByTestId('carousel-more').click();
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
