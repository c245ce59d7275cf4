/**
 * SPEC §7: calls carry "basic auth with the token": the token is the user name and the password
 * is empty. Shared with server/ so both sides read the header the same way.
 */
export function basicAuthHeader(token: string): string {
  return `Basic ${encodeBase64Utf8(`${token}:`)}`;
}

/** The token of a `Basic` Authorization header, or null when the header is absent or not one. */
export function tokenFromBasicAuth(header: string | null | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  let decoded: string;
  try {
    decoded = decodeBase64Utf8(match[1]);
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  const token = colon === -1 ? decoded : decoded.slice(0, colon);
  return token === '' ? null : token;
}

// btoa/atob only take Latin-1; going through UTF-8 bytes keeps any token encodable.
function encodeBase64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
