/**
 * How long after the start the calls no first screen needs wait (issue 19, second visit): the
 * server's config, the full-screen cards. Past the first screen of a second visit on a loaded
 * machine (bench/revisit: full first screen 1.4–2.8 s), not long for a notice.
 */
export const AFTER_START_MS = 3000;

/**
 * Runs `callback` `delayMs` from now, once the browser is idle (at most 1 s more); the returned
 * function cancels it.
 */
export function afterStart(callback: () => void, delayMs = AFTER_START_MS): () => void {
  let idle = 0;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback !== 'function') callback();
    else idle = requestIdleCallback(callback, { timeout: 1000 });
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idle) cancelIdleCallback(idle);
  };
}
