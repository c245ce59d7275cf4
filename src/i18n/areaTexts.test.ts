import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { AREA_NAMESPACES, AREA_SOURCES, loadAreaTexts } from './areaTexts';
import { changeLocale, initI18n } from './index';

type Tree = { [key: string]: string | Tree };

function keysOf(file: string): string[] {
  const walk = (tree: Tree, prefix: string): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [prefix + key] : walk(value, `${prefix}${key}.`),
    );
  return walk(JSON.parse(readFileSync(file, 'utf8')) as Tree, '');
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const CODE = sources('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('area texts (locales/<area>/*.json, loaded with the area)', () => {
  it.each(AREA_NAMESPACES)(
    '%s: only the code that loads with the area uses its keys',
    (namespace) => {
      const allowed = AREA_SOURCES[namespace];
      const outside = CODE.filter(
        ({ path }) => !allowed.some((prefix) => path === prefix || path.startsWith(prefix)),
      );
      const misused = [
        ...new Set(keysOf(`locales/${namespace}/en_US.json`).map(withoutPlural)),
      ].flatMap((key) =>
        outside
          .filter(({ text }) =>
            [`'${key}'`, `"${key}"`, `\`${key}\``].some((q) => text.includes(q)),
          )
          .map(({ path }) => `${key} in ${path}`),
      );
      // Such a key belongs in locales/<lang>.json: the shell or the timeline shows it first.
      expect(misused).toEqual([]);
    },
  );

  it('no key is both a main text and an area text (the main one would hide it)', () => {
    const main = new Set(keysOf('locales/en_US.json'));
    const both = AREA_NAMESPACES.flatMap((namespace) =>
      keysOf(`locales/${namespace}/en_US.json`).filter((key) => main.has(key)),
    );
    expect(both).toEqual([]);
  });

  it('an area text shows in the current language once loaded, and follows a change', async () => {
    const i18n = await initI18n('nb_NO', createInstance());
    expect(i18n.t('trash.emptyTitle')).toBe('trash.emptyTitle');
    await loadAreaTexts(['trash'], i18n);
    const norwegian = i18n.t('trash.emptyTitle');
    expect(norwegian).not.toBe('trash.emptyTitle');
    // The main texts are still found beside it.
    expect(i18n.t('nav.logOut')).toBe('Logg ut');
    await changeLocale('bg_BG', i18n);
    const bulgarian = i18n.t('trash.emptyTitle');
    expect(bulgarian).not.toBe(norwegian);
    expect(bulgarian).not.toBe('trash.emptyTitle');
    await changeLocale('en_US', i18n);
    expect(i18n.t('trash.emptyTitle')).toBe(
      (JSON.parse(readFileSync('locales/trash/en_US.json', 'utf8')) as { trash: Tree }).trash
        .emptyTitle,
    );
  });
});
