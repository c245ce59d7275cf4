import { readFileSync } from 'node:fs';
import defaults from 'react-filerobot-image-editor/lib/context/defaultTranslations';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/language';
import { libraryLanguage } from './libraryLanguage';

const library = (locale: string) =>
  (
    JSON.parse(readFileSync(`locales/editor/${locale}.json`, 'utf8')) as {
      library: Record<string, string>;
    }
  ).library;

describe('the editor library in the UI language', () => {
  it('labels each of our four languages', () => {
    expect(LOCALES.map(libraryLanguage)).toEqual(['en', 'no', 'sv', 'bg']);
  });

  it.each(LOCALES)('%s translates every text the library has, and no other key', (locale) => {
    // A key the library does not have would be dead; one we lack would show in English.
    expect(Object.keys(library(locale)).sort()).toEqual(
      Object.keys(defaults as Record<string, string>).sort(),
    );
  });
});
