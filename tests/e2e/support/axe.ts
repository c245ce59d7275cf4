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
 * - On a page without frames that a scan has already given axe-core, the next scan runs that
 *   axe.run again, with the same context and options, instead of evaluating axe-core's half a
 *   megabyte of source twice more (AxeBuilder's legacy mode does, at each scan): about 0.5 CPU s
 *   a scan (a11y-matrix.spec's 126 scans: 137 CPU s with it, 104 without).
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new SameFindingsAxe(page).options({ resultTypes: ['violations'] });
}

type RunOptions = Parameters<AxeBuilder['options']>[0];
type Selector = Parameters<AxeBuilder['include']>[0];
type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;

class SameFindingsAxe extends AxeBuilder {
  /** What AxeBuilder would give axe.run: its context and options, as built by the calls below. */
  private readonly context = { exclude: [] as Selector[], include: [] as Selector[] };
  private runOptions: RunOptions = {};
  /** Whether a call this class does not mirror was made: then AxeBuilder runs the scan. */
  private unmirrored = false;

  constructor(private readonly scanned: Page) {
    super({ page: scanned });
  }

  override include(selector: Selector): this {
    this.context.include.push(selector);
    return super.include(selector);
  }

  override options(options: RunOptions): this {
    this.runOptions = { ...options };
    return super.options(options);
  }

  override withRules(rules: string | string[]): this {
    this.runOptions.runOnly = { type: 'rule', values: Array.isArray(rules) ? rules : [rules] };
    return super.withRules(rules);
  }

  override exclude(selector: Selector): this {
    this.unmirrored = true;
    return super.exclude(selector);
  }

  override withTags(tags: string | string[]): this {
    this.unmirrored = true;
    return super.withTags(tags);
  }

  override disableRules(rules: string | string[]): this {
    this.unmirrored = true;
    return super.disableRules(rules);
  }

  /** The mode is chosen when the scan starts, on the frames the page has then. */
  override async analyze(): Promise<Results> {
    const legacy = !hasForeignFrame(this.scanned);
    this.setLegacyMode(legacy);
    if (!legacy || this.unmirrored || this.scanned.frames().length > 1) return super.analyze();
    const answer = await this.scanned.evaluate(
      ({ context, options }) => {
        const axe = (window as { axe?: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
        if (typeof axe?.run !== 'function') return null;
        return axe.run(context, options).then(
          (results) => ({ results, error: null }),
          (error: unknown) => ({ results: null, error: String(error) }),
        );
      },
      { context: this.context, options: this.runOptions },
    );
    if (answer === null) return super.analyze();
    if (answer.error !== null) throw new Error(answer.error);
    return answer.results as Results;
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
