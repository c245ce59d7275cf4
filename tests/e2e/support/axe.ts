// axe-core on one part of the page (the element with `data-testid`): no violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function axeClean(page: Page, testId: string): Promise<void> {
  const result = await new AxeBuilder({ page }).include(`[data-testid="${testId}"]`).analyze();
  expect(result.violations, testId).toEqual([]);
}
