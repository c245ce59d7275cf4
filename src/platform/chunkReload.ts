import { readString, writeString } from '../state/persisted';

/**
 * A failure within this long after the last such reload means the version the reload brought
 * fails too: then the error reaches the page (the generic error page) instead of reloading again.
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Vite's event for a lazily imported chunk (or its preloads) that failed to load. */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

/**
 * Decides what a failed chunk load does: true = reload now (the marker is written), false = let
 * the error through. The usual cause is a new version deployed while the tab was open: its old
 * chunk names are gone, and one reload fetches the new version (SPEC §8 "Failed chunk load raises
 * a preload error event").
 */
export function shouldReloadAfterChunkFailure(now: number = Date.now()): boolean {
  const last = Number(readString('chunkReloadAt'));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  writeString('chunkReloadAt', String(now));
  return true;
}

/**
 * Reloads once on Vite's preload error; a second failure soon after shows the error page.
 * `pendingLocation` is where the failed navigation was going (the router keeps the old URL until
 * the page's chunk has loaded): the reload goes there, so the user lands on the page they chose.
 */
export function installChunkReload(
  win: Window = window,
  pendingLocation: () => string | null = () => null,
): void {
  win.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
    if (!shouldReloadAfterChunkFailure()) return;
    // Keeps Vite from rethrowing: the page is going away, no error page in between.
    event.preventDefault();
    const target = pendingLocation();
    if (target) win.location.assign(target);
    else win.location.reload();
  });
}
