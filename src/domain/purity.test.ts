import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// src/domain holds the SPEC's pure business rules: the UI, api and state layers build on it, so
// it must not reach back into them or into the browser. Until the lint config carries this
// boundary, this test does.
const FORBIDDEN = [
  { pattern: /from '(react|react-dom|i18next|react-i18next|zustand)[/']/, what: 'a UI library' },
  { pattern: /from '\.\.\//, what: 'code outside src/domain' },
  { pattern: /\bfetch\(/, what: 'fetch' },
  { pattern: /\b(window|document|navigator|localStorage|sessionStorage)\./, what: 'the DOM' },
];

const sources = readdirSync(import.meta.dirname).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

describe('src/domain purity', () => {
  it.each(sources)('%s uses no UI, DOM, fetch or outside import', (name) => {
    // Comments may name what the code avoids; only code counts.
    const text = readFileSync(join(import.meta.dirname, name), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    for (const { pattern, what } of FORBIDDEN) {
      expect(pattern.test(text), `${name} uses ${what}`).toBe(false);
    }
  });
});
