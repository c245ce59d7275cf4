import caveatCyrillic from '@fontsource/caveat/files/caveat-cyrillic-400-normal.woff2?url';
import caveatLatin from '@fontsource/caveat/files/caveat-latin-400-normal.woff2?url';
import caveatLatinExt from '@fontsource/caveat/files/caveat-latin-ext-400-normal.woff2?url';
import { EditorError } from './errors';
import { seamUrl } from './testSeams';

/**
 * The text tool's fonts: three every system has, and Caveat (a handwriting face, SIL Open Font
 * Licence, from @fontsource) served from our own origin (the CSP allows no font host) and
 * loaded only when a text is set in it. Subsets as Unicode ranges: Latin for en/nb/sv,
 * Cyrillic for bg.
 */
const BUNDLED: Record<string, readonly { url: string; unicodeRange: string }[]> = {
  Caveat: [
    {
      url: caveatLatin,
      unicodeRange: 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+2000-206F, U+20AC, U+2122',
    },
    {
      url: caveatLatinExt,
      unicodeRange: 'U+0100-02AF, U+1E00-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0',
    },
    { url: caveatCyrillic, unicodeRange: 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116' },
  ],
};

export const TEXT_FONTS = [
  { label: 'Arial', value: 'Arial' },
  { label: 'Georgia', value: 'Georgia' },
  { label: 'Courier New', value: 'Courier New' },
  { label: 'Caveat', value: 'Caveat' },
];

const loaded = new Map<string, Promise<void>>();

/**
 * Makes a bundled font usable on the canvas (a system font needs nothing). A failure is a
 * `fontLoading` error and is not remembered, so choosing the font again tries again.
 */
export function ensureFont(family: string): Promise<void> {
  const faces = BUNDLED[family];
  if (!faces) return Promise.resolve();
  let loading = loaded.get(family);
  if (!loading) {
    loading = Promise.all(
      faces.map(async ({ url, unicodeRange }) => {
        const face = new FontFace(family, `url(${JSON.stringify(seamUrl('font', url))})`, {
          unicodeRange,
        });
        await face.load();
        document.fonts.add(face);
      }),
    ).then(
      () => undefined,
      (error: unknown) => {
        loaded.delete(family);
        throw new EditorError('fontLoading', `the font ${family} did not load`, { cause: error });
      },
    );
    loaded.set(family, loading);
  }
  return loading;
}
