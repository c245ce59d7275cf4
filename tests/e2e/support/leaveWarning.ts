import type { Page } from '@playwright/test';

/**
 * Whether leaving the page now would warn (SPEC §8 "Changes might be lost"): a beforeunload the
 * page cancels.
 */
export async function leavingWarns(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}
