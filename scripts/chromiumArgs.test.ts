import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './chromiumArgs';

/** The `disabledFeatures = [...]` list in the installed playwright-core's Chromium switches. */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  if (!list)
    throw new Error('playwright-core no longer has a disabledFeatures list: check chromiumArgs.ts');
  return [...list.matchAll(/^\s*"([^"]+)"/gm)].map((match) => match[1]);
}

describe('CHROMIUM_ARGS', () => {
  it('keeps every feature Playwright disables (Chromium honours only the last --disable-features)', () => {
    const ours = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(ours).toHaveLength(1);
    const listed = ours[0].slice('--disable-features='.length).split(',');
    const playwright = playwrightDisabledFeatures();
    expect(playwright.length).toBeGreaterThan(5);
    expect(listed).toEqual(expect.arrayContaining(playwright));
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwright].sort());
  });
});
