// No production file over 400 lines (issue 35, structure review §8): a file that long holds more
// than one concern, and is split by concern, not by cutting it in two. Production code is what
// ships or serves: src/, server/ and workers/, without tests and test-only helpers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

export const MAX_LINES = 400;
const ROOTS = ['src', 'server', 'workers'];
/** Test code: unit tests, and the helpers only tests import. */
const TEST_ONLY = /\.test\.tsx?$|(^|\/)(testing|testUsers|testTransport)\.tsx?$|\/testing\//;

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    if (!/\.(tsx?|m?js)$/.test(entry.name)) return [];
    return TEST_ONLY.test(full.split(path.sep).join('/')) ? [] : [full];
  });
}

/** Lines of a file as an editor counts them (a final newline ends the last line). */
export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('production files stay under 400 lines', () => {
  it('counts lines as an editor does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it(`no file of ${ROOTS.join(', ')} is longer than ${MAX_LINES} lines`, () => {
    const files = ROOTS.flatMap((root) => productionFiles(root));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
