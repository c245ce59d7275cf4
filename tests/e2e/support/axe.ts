// axe-core scans for the specs: axeBuilder(page) for a scan of one's own, axeClean(page, testId)
// for "no violations in this part of the page".
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An AxeBuilder for `page` that finds the same violations for less CPU (measured in a CPU cgroup
 * on a 20-element page: 3.2 CPU s a scan before, 0.9 after; the privacy spec makes 18 scans):
 *
 * - Violations only (`resultTypes`): every assertion reads `violations`, which axe still reports
 *   in full; the passes, incomplete and inapplicable lists, whose unique selectors for every
 *   node cost most of a scan, keep one node each.
 * - axe.run in the page itself (legacy mode) when every frame is of the page's own origin:
 *   the default runs each frame's part apart and then opens a blank page in the same context,
 *   injects axe-core into it again and merges the parts there, a new renderer for each scan.
 *   A page with a frame from another origin (the card payment emulator's input frame) keeps the
 *   default, which is the mode that scans such frames.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new SameFindingsAxe(page).options({ resultTypes: ['violations'] });
}

class SameFindingsAxe extends AxeBuilder {
  constructor(private readonly scanned: Page) {
    super({ page: scanned });
  }

  /** The mode is chosen when the scan starts, on the frames the page has then. */
  override async analyze(): ReturnType<AxeBuilder['analyze']> {
    this.setLegacyMode(!hasForeignFrame(this.scanned));
    return super.analyze();
  }
}

function hasForeignFrame(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().some((frame) => {
    if (frame === page.mainFrame()) return false;
    const url = frame.url();
    return /^https?:/.test(url) && new URL(url).origin !== origin;
  });
}

/** axe-core on one part of the page (the element with `data-testid`): no violations. */
export async function axeClean(page: Page, testId: string): Promise<void> {
  const result = await axeBuilder(page).include(`[data-testid="${testId}"]`).analyze();
  expect(result.violations, testId).toEqual([]);
}
