/**
 * SPEC §3 Device: what a device's name says of it when it is registered (issue 34.7: every
 * device was listed under the brand name alone, so a user could not tell which one to remove).
 * The browser and the system, read from the user agent (its client hints when the browser
 * gives them); null for a part that cannot be told. Names are product names: not translated.
 */
export interface DeviceKind {
  browser: string | null;
  system: string | null;
}

/** The browsers we tell apart, most specific first (Edge and Opera say "Chrome" too). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, most specific first (Android says "Linux", iPadOS may say "Macintosh"). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** Client hints' platform names → the names above. */
const HINTED_SYSTEMS: Readonly<Record<string, string>> = {
  Windows: 'Windows',
  macOS: 'macOS',
  Android: 'Android',
  iOS: 'iOS',
  'Chrome OS': 'ChromeOS',
  ChromeOS: 'ChromeOS',
  Linux: 'Linux',
};

export function deviceKind(userAgent: string, hintedPlatform?: string): DeviceKind {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const hinted = hintedPlatform ? HINTED_SYSTEMS[hintedPlatform] : undefined;
  const system = hinted ?? SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system };
}
