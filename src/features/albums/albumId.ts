const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The album id of a route parameter (SPEC §2: some links carry it base64-encoded, albumIDB64):
 * an id as it is, or the id a base64 / base64url parameter encodes; anything else unchanged
 * (the server answers it with not-found).
 */
export function albumIdFromParam(param: string): string {
  if (UUID.test(param)) return param;
  try {
    const decoded = atob(param.replace(/-/g, '+').replace(/_/g, '/'));
    return UUID.test(decoded) ? decoded : param;
  } catch {
    return param;
  }
}
