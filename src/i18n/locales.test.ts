import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AREA_NAMESPACES } from './areaTexts';

const LOCALES = ['en_US', 'nb_NO', 'sv_SE', 'bg_BG'] as const;

type Tree = { [key: string]: string | Tree };

/**
 * The main texts, and namespaces a feature loads with its own chunk (the photo editor's and cast's, so
 * /photos does not carry them), and the lazy areas' (areaTexts.ts): each folder holds the same four
 * files.
 */
const FOLDERS = [
  'locales',
  'locales/editor',
  'locales/cast',
  ...AREA_NAMESPACES.map((area) => `locales/${area}`),
] as const;

function load(locale: string, folder: string = 'locales'): Tree {
  return JSON.parse(readFileSync(`${folder}/${locale}.json`, 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** Each `{{name}}` or `{{name, format}}` of a text, with its format. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*(?:,\s*(\w+)\s*)?}}/g)]
    .map((m) => (m[2] ? `${m[1]}, ${m[2]}` : m[1]))
    .sort();
}

/** Placeholders always given a number, so always written for the language ("1 234 567" in nb). */
const NUMERIC = new Set(['count', 'done', 'failed', 'clicked']);

describe.each(FOLDERS)('%s', (folder) => {
  const en = flatten(load('en_US', folder));

  it.each(LOCALES)('%s has exactly the keys of en_US and no empty values', (locale) => {
    const other = flatten(load(locale, folder));
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
    const empty = [...other].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(LOCALES)('%s keeps every interpolation placeholder of en_US', (locale) => {
    const other = flatten(load(locale, folder));
    const mismatched = [...en].filter(
      ([k, v]) => placeholders(v).join() !== placeholders(other.get(k) ?? '').join(),
    );
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it.each(LOCALES)('%s formats its counts for the language ({{count, number}})', (locale) => {
    const bare = [...flatten(load(locale, folder))].filter(([, v]) =>
      placeholders(v).some((p) => NUMERIC.has(p)),
    );
    expect(bare.map(([k]) => k)).toEqual([]);
  });

  it.each(['nb_NO', 'sv_SE', 'bg_BG'])('%s is a translation, not an English copy', (locale) => {
    const other = flatten(load(locale, folder));
    // Brand-neutral strings such as "OK", "Version" or "Album" may legitimately coincide; most must not.
    const same = [...en].filter(([k, v]) => other.get(k) === v && !k.startsWith('languages.'));
    expect(same.length / en.size).toBeLessThan(0.15);
  });
});
