import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const html = readFileSync('index.html', 'utf8');
const css = readFileSync('src/app/theme.css', 'utf8');

/** `--color-bg` of the light palette (`:root`) and of the dark one (the prefers-color-scheme block). */
function pageBackgrounds(): { light: string; dark: string } {
  const [light, dark] = [...css.matchAll(/--color-bg:\s*(#[0-9a-f]{6})/gi)].map((m) => m[1]);
  return { light, dark };
}

describe('the browser chrome follows the theme (issue 34.12)', () => {
  it('declares both colour schemes, as theme.css draws both', () => {
    expect(html).toMatch(/<meta name="color-scheme" content="light dark"/);
    expect(css).toMatch(/color-scheme: light dark/);
  });

  it('colours the browser bar with the page background of each theme', () => {
    const { light, dark } = pageBackgrounds();
    expect(html).toContain(
      `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${light}" />`,
    );
    expect(html).toContain(
      `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${dark}" />`,
    );
  });
});
