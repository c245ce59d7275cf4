// Each SPEC value has one home, src/domain/constants.ts (issue 35.3, structure review §7.4): the
// client, the contract and the server read it there, so a change to the SPEC is one edit and a
// test pins the copy that is read. This test scans the production code of src/, server/ and
// workers/ for a second definition of a value of constants.ts. Tests, benches, the seed's
// made-up library and server/testing.ts are not production code and are not scanned.
//
// - In TypeScript, every constant expression built of number literals (`90 * 86_400` counts as
//   7,776,000) whose value is one of the constants' values, in the constant's own unit or a
//   derived one (`_DAYS` in seconds and ms, `_HOURS` in seconds and ms, `_S` in ms). Values too
//   common to tell apart by their digits (integers up to 100, round hundreds up to 10,000, powers
//   of two, an hour or a day, halves and quarters) are skipped by value…
// - …and caught by name instead: a named definition (`const X =`, `x:` in an object) of the
//   value of a constant (0, 1 and 2 aside), whose name shares a word with the constant's
//   (`CAST_AUTOPLAY_AHEAD = 4` beside `CAST_AUTOPLAY_NEXT_ITEMS`, `MULTI_ROLLBACK_PARALLEL = 5`
//   beside `RESTORE_PARALLEL`).
// - An array literal equal to a tuple constant (`[1, 7, 30]`).
// - In CSS, which cannot import: every `Npx` equal to a pixel constant, allowed only where
//   constants.test.ts pins the declaration against the constant.
//
// What it cannot see: a value spelled in words or inside a regular expression or a string
// (locale texts interpolate the constant instead). ALLOWED lists each remaining hit with the
// reason it is not a copy; an entry that no longer matches anything fails, so the list only
// shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as constants from '../src/domain/constants';

const ROOTS = ['src', 'server', 'workers'];
const HOME = 'src/domain/constants.ts';
// Tests, benches, the seed's made-up library and the server's test helpers.
const NOT_PRODUCTION = /\.(test|bench)\.tsx?$|^server\/seed\/|^server\/testing\.ts$/;

interface Value {
  constant: string;
  /** The constant's own name (`TIMELINE_CELLS` for `TIMELINE_CELLS.desktop.rowHeight`). */
  root: string;
  value: number;
  /** A pixel size: also looked for in CSS. */
  px: boolean;
}

/** Every number of constants.ts with its dotted name (objects and tuples flattened). */
function constantValues(): { values: Value[]; tuples: [string, number[]][] } {
  const values: Value[] = [];
  const tuples: [string, number[]][] = [];
  const walk = (name: string, root: string, value: unknown) => {
    if (typeof value === 'number') {
      const px = /_PX$|BREAKPOINTS|TIMELINE_CELLS|ALBUM_GRID|COVER_PICKER|UPLOAD_STATUS_BOX/.test(
        root,
      );
      values.push({ constant: name, root, value, px });
      for (const derived of derivedUnits(root, value))
        values.push({ constant: name, root, value: derived, px: false });
    } else if (value && typeof value === 'object') {
      if (Array.isArray(value) && value.length > 1) tuples.push([name, value as number[]]);
      for (const [key, inner] of Object.entries(value)) walk(`${name}.${key}`, root, inner);
    }
  };
  for (const [name, value] of Object.entries(constants)) walk(name, name, value);
  return { values, tuples };
}

/** The same duration or size in the other units code writes it in. */
function derivedUnits(name: string, value: number): number[] {
  if (/_DAYS$/.test(name)) return [value * 86_400, value * 86_400_000];
  if (/_HOURS$/.test(name)) return [value * 3600, value * 3_600_000];
  if (/_S$/.test(name)) return [value * 1000];
  return [];
}

/** Too common to be told apart by value: found by name only. */
function commonValue(value: number): boolean {
  if (Number.isInteger(value) && Math.abs(value) <= 100) return true;
  if (Number.isInteger(value) && value % 100 === 0 && value <= 10_000) return true;
  if (value > 0 && Number.isInteger(Math.log2(value))) return true;
  // An hour and a day in s and ms; halves, quarters and steps; half a turn; an email's length.
  return [86_400, 3600, 86_400_000, 3_600_000, 0.5, 0.25, 0.75, 0.05, 0.01, 180, 250, 320].includes(
    value,
  );
}

const STOP_WORDS = new Set(
  'max min ms px s sec seconds days day hours hour bytes gb mb kb size count limit default the of after at in to per items item values value desktop mobile width height'.split(
    ' ',
  ),
);
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) ? [full] : [];
  });
}

/** The value of an expression of number literals and arithmetic, else undefined. */
function fold(node: ts.Expression): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node)) return fold(node.expression);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const inner = fold(node.operand);
    return inner === undefined ? undefined : -inner;
  }
  if (ts.isBinaryExpression(node)) {
    const left = fold(node.left);
    const right = fold(node.right);
    if (left === undefined || right === undefined) return undefined;
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.AsteriskToken:
        return left * right;
      case ts.SyntaxKind.AsteriskAsteriskToken:
        return left ** right;
      case ts.SyntaxKind.SlashToken:
        return left / right;
      case ts.SyntaxKind.PlusToken:
        return left + right;
      case ts.SyntaxKind.MinusToken:
        return left - right;
    }
  }
  return undefined;
}

interface Hit {
  file: string;
  line: number;
  text: string;
  value: number | string;
  constant: string;
  by: 'value' | 'name' | 'tuple' | 'css';
}

function scanTs(file: string, source: string, known: ReturnType<typeof constantValues>): Hit[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const hits: Hit[] = [];
  const add = (node: ts.Node, value: Hit['value'], constant: string, by: Hit['by']) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    hits.push({ file, line: line + 1, text: node.getText(sf), value, constant, by });
  };
  const byValue = new Map<number, Value[]>();
  for (const v of known.values) byValue.set(v.value, [...(byValue.get(v.value) ?? []), v]);
  const nameOf = (node: ts.Expression) =>
    (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent)) &&
    node.parent.initializer === node
      ? node.parent.name.getText(sf)
      : undefined;
  // Top-down, so the largest constant expression is judged and its parts are not.
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) {
      const items = node.elements.map((item) => fold(item));
      const tuple = known.tuples.find(
        ([, values]) =>
          values.length === items.length && values.every((value, i) => value === items[i]),
      );
      if (tuple) return add(node, JSON.stringify(tuple[1]), tuple[0], 'tuple');
    }
    const value = ts.isExpression(node) ? fold(node) : undefined;
    if (value === undefined) return ts.forEachChild(node, visit);
    const name = nameOf(node as ts.Expression);
    for (const v of byValue.get(value) ?? []) {
      if (!commonValue(value)) add(node, value, v.constant, 'value');
      else if (
        name &&
        ![0, 1, 2].includes(value) &&
        words(name).some((word) => words(v.root).includes(word))
      )
        add(node.parent, value, v.constant, 'name');
    }
  };
  visit(sf);
  return hits;
}

function scanCss(file: string, source: string, values: Value[]): Hit[] {
  // Lengths only; the values too common to tell apart are skipped as in TypeScript.
  const pixels = new Map(
    values.filter((v) => v.px && !commonValue(v.value)).map((v) => [v.value, v.constant]),
  );
  return source.split('\n').flatMap((text, i) =>
    [...text.replace(/\/\*.*?\*\//g, '').matchAll(/(?<![\w.#-])(\d+(?:\.\d+)?)px/g)].flatMap(
      (match) => {
        const constant = pixels.get(Number(match[1]));
        return constant
          ? [
              {
                file,
                line: i + 1,
                text: text.trim(),
                value: Number(match[1]),
                constant,
                by: 'css' as const,
              },
            ]
          : [];
      },
    ),
  );
}

function scan(): Hit[] {
  const known = constantValues();
  return ROOTS.flatMap(sourceFiles)
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file !== HOME && !NOT_PRODUCTION.test(file))
    .flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return file.endsWith('.css')
        ? scanCss(file, source, known.values)
        : scanTs(file, source, known);
    });
}

interface Allowed {
  file: string | RegExp;
  value: number | string;
  reason: string;
}

/** Hits that are not a second home of a SPEC value, each with why. */
const ALLOWED: Allowed[] = [
  // CSS cannot import: these declarations are pinned against their constant in constants.test.ts.
  ...(
    [
      ['src/app/theme.css', 240],
      ['src/app/theme.css', 360],
      ['src/features/albums/comments/Comments.css', 216],
      ['src/features/share/share.css', 296],
    ] as const
  ).map(([file, value]) => ({ file, value, reason: 'pinned in constants.test.ts (CSS_PINS)' })),
  // Literals checked by their type, which constants.ts defines: a change of the constant fails
  // the typecheck where the literal no longer fits.
  {
    file: /^src\/(app\/ShortcutSheet|features\/billing\/SubscriptionDialog|features\/editor\/EditorExtras)\.tsx$/,
    value: 640,
    reason: 'a ui/Dialog width, typed (typeof DIALOG_WIDTHS_PX)[number]',
  },
  {
    file: /^(src\/features\/(carousel|cast|editor|share|settings)\/|server\/routes\/)/,
    value: 1280,
    reason: 'a thumbnail area passed where the type is ThumbnailSize (THUMBNAIL_SIZES)',
  },
  // The same digits, another quantity.
  { file: 'src/state/viewport.ts', value: 1280, reason: 'a screen width before any window (SSR)' },
  {
    file: /^src\/gallery\/engine\/(render\/TileRenderer|texture\/fallbackImage)\.ts$/,
    value: 255,
    reason: 'a colour byte (0xff), not text',
  },
  {
    file: 'src/gallery/engine/render/TileComposer.ts',
    value: 5_000_000,
    reason: 'a load priority offset (5e6), not the video range',
  },
  {
    file: 'src/gallery/engine/EngineStats.ts',
    value: 0.95,
    reason: 'the 95th percentile, not a storage ratio',
  },
  { file: 'src/domain/password.ts', value: 160, reason: 'SPEC §5 PBKDF2 output: 160 bits' },
  { file: 'src/gallery/engine/texture/budgets.ts', value: 160, reason: 'a texture budget in MiB' },
  {
    file: /^src\/(app\/shortcutSheet|features\/cast\/Cast)\.css$/,
    value: 160,
    reason: 'a column and a font size, not a grid tile',
  },
  {
    file: /^(src\/features\/albums\/AlbumsPage\.tsx|server\/media\/synthetic\.ts)$/,
    value: 360,
    reason: 'a full turn of hue, in degrees',
  },
  { file: 'src/features/share/share.css', value: 360, reason: "the share page's collage width" },
  {
    file: /^src\/features\/(settings\/settings|share\/share)\.css$/,
    value: 240,
    reason: 'a flex-basis of a form column',
  },
  {
    file: /^src\/(app\/overlays|features\/albums\/comments\/Comments)\.css$/,
    value: 640,
    reason: 'a text column (cookie notice, comments page), not a dialog',
  },
  {
    file: /^server\/(auth\/sessions|db\/visitors)\.ts$/,
    value: 2_592_000,
    reason: 'our session and visitor-token lifetimes (30 days), which the SPEC does not set',
  },
  {
    file: 'src/platform/queryClient.ts',
    value: 30_000,
    reason: "react-query's staleTime, not the store poll",
  },
  // A shared name word, another quantity.
  {
    file: 'src/api/contract/trash.ts',
    value: 1000,
    reason: 'TRASH_PAGE_MAX: a page of GET /trash_can, not a scroll distance',
  },
  {
    file: 'src/api/deleteFiles.ts',
    value: 5,
    reason: 'deletes run 5 calls at a time like restores; the SPEC sets no number for deletes',
  },
  {
    file: 'src/app/connectivityMonitor.ts',
    value: 4000,
    reason: 'the offline probe interval, not the upload retry countdown',
  },
  {
    file: 'src/features/cast/CastingBar.tsx',
    value: 1000,
    reason: "the cast position poll, not the job poll's retry",
  },
  {
    file: 'src/features/timeline/persistedTimeline.ts',
    value: 1000,
    reason: 'a save debounce, not the date tooltip delay',
  },
  {
    file: 'src/gallery/engine/texture/UploadBudget.ts',
    value: 4,
    reason: 'texture upload budget (ms) and urgency factor, not the upload retry countdown',
  },
];

const allows = (entry: Allowed, hit: Hit) =>
  entry.value === hit.value &&
  (typeof entry.file === 'string' ? entry.file === hit.file : entry.file.test(hit.file));

describe('SPEC values have one home (src/domain/constants.ts)', () => {
  let hits: Hit[] = [];
  beforeAll(() => {
    hits = scan();
  }, 120_000);

  it('no production file defines a value of constants.ts again', () => {
    const copies = hits
      .filter((hit) => !ALLOWED.some((entry) => allows(entry, hit)))
      .map(
        (h) =>
          `${h.file}:${h.line} ${h.text.slice(0, 60)} (${h.constant} = ${h.value}, by ${h.by})`,
      );
    expect(copies).toEqual([]);
  });

  it('every allowed entry still matches something (the list only shrinks)', () => {
    const stale = ALLOWED.filter((entry) => !hits.some((hit) => allows(entry, hit)));
    expect(stale).toEqual([]);
  });

  it('finds copies by value, unit, name, tuple and CSS', () => {
    const known = constantValues();
    const source = [
      'export const CAST_AUTOPLAY_AHEAD = 4;',
      'const retention = 90 * 86_400;',
      'const schema = z.string().max(255);',
      'const windows = [1, 7, 30] as const;',
      'const limit = 200 * 1024 ** 3;',
      'const unrelated = { columns: 4, spacing: 2 };',
    ].join('\n');
    const found = scanTs('probe.ts', source, known).map((h) => `${h.line} ${h.constant} ${h.by}`);
    expect(found).toEqual(
      expect.arrayContaining([
        '1 CAST_AUTOPLAY_NEXT_ITEMS name',
        '2 TRASH_RETENTION_DAYS value',
        '3 TEXT_MAX value',
        '4 RECENTS_WINDOWS_DAYS tuple',
        '5 MAX_UPLOAD_BYTES value',
      ]),
    );
    expect(found.filter((hit) => hit.startsWith('6 '))).toEqual([]);
    const css = scanCss(
      'probe.css',
      '.x {\n  max-height: 216px;\n  padding: 8px;\n}',
      known.values,
    );
    expect(css.map((h) => `${h.line} ${h.constant}`)).toEqual(['2 COMMENT_INPUT_MAX_HEIGHT_PX']);
  });
});
