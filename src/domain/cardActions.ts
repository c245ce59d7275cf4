/**
 * SPEC §3 Full-screen card actions (internal navigation, new tab, redirect) and illustrations.
 * Their URLs come from the service and are treated as hostile: a new tab or a redirect goes only
 * to an http(s) address, an internal navigation only to a path of this app, and an illustration
 * is only an http(s) image. Anything else (javascript:, data:, protocol-relative //host, a
 * backslash trick, credentials in the URL, control characters) is refused: the button then only
 * closes the card, and no illustration shows.
 */

export type CardActionTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'newTab'; url: string }
  | { kind: 'redirect'; url: string };

// C0 controls, space, DEL, C1 controls: a browser strips or rewrites these while parsing, which
// is how "java\tscript:" or "/\u0000/evil" slip past a naive check.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;

function parse(url: string, base?: string): URL | null {
  if (CONTROL_OR_SPACE.test(url) || url.includes('\\')) return null;
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/** An absolute http(s) URL without credentials, normalised; null otherwise. */
export function webUrl(url: string): string | null {
  const parsed = parse(url);
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}

/**
 * A path of this app: "/albums?x#y", or a full URL on the app's own origin. A protocol-relative
 * "//host" is another site, so it is refused.
 */
export function appPath(url: string, appOrigin: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) {
    const absolute = webUrl(url);
    if (!absolute || new URL(absolute).origin !== appOrigin) return null;
    const { pathname, search, hash } = new URL(absolute);
    return `${pathname}${search}${hash}`;
  }
  const parsed = parse(url, appOrigin);
  if (!parsed || parsed.origin !== appOrigin) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export function cardActionTarget(
  action: { action_type: 'internal_navigation' | 'new_tab' | 'redirect'; url: string },
  appOrigin: string,
): CardActionTarget | null {
  if (action.action_type === 'internal_navigation') {
    const path = appPath(action.url, appOrigin);
    return path === null ? null : { kind: 'internal', path };
  }
  const url = webUrl(action.url);
  if (url === null) return null;
  return action.action_type === 'new_tab' ? { kind: 'newTab', url } : { kind: 'redirect', url };
}

/** The illustration to show, or null (missing or not an http(s) image address). */
export function illustrationUrl(url: string | null | undefined): string | null {
  return url ? webUrl(url) : null;
}
