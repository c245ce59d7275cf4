/**
 * How long after the start the calls no first screen needs wait (issue 19, second visit): the
 * server's config, the full-screen cards, the viewer's chunk. Past the first screen of a second
 * visit on a loaded machine (bench/revisit: full first screen 1.4–2.8 s), not long for a notice;
 * on a page whose first screen fills over time they also wait for it (`expectFirstScreen`).
 */
export const AFTER_START_MS = 3000;

/**
 * At most this long after `delayMs` the calls wait for a first screen (a page left half filled,
 * a grid that cannot load), then go anyway.
 */
export const FIRST_SCREEN_WAIT_MAX_MS = 15_000;

/**
 * The start's first screen: `open` until a page that fills it over time is on its way
 * (`expectFirstScreen`), `pending` until it is full (`firstScreenShown`), then `shown` for good.
 */
let firstScreen: 'open' | 'pending' | 'shown' = 'open';
const waiting = new Set<() => void>();

/**
 * The app starts on a page whose first screen fills over time (the timeline's grid: sections and
 * thumbnails): the calls no first screen needs wait for it. Only at the start: once a first
 * screen was shown, later pages change nothing.
 */
export function expectFirstScreen(): void {
  if (firstScreen === 'open') firstScreen = 'pending';
}

/** The page's first screen is full (or will not be: it left, it is empty, it failed). */
export function firstScreenShown(): void {
  firstScreen = 'shown';
  for (const go of [...waiting]) go();
}

/**
 * Runs `callback` `delayMs` from now and once the start's first screen is shown (see
 * `expectFirstScreen`; at most FIRST_SCREEN_WAIT_MAX_MS more), when the browser is idle (at most
 * 1 s more); the returned function cancels it. A fixed delay alone came before the first screen
 * on a loaded machine (bench/revisit: full first screen 13-23 s at a load of 25-30, the config
 * and the cards at 6-13 s).
 */
export function afterStart(callback: () => void, delayMs = AFTER_START_MS): () => void {
  let idle = 0;
  let cap: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    waiting.delete(go);
    clearTimeout(cap);
    if (typeof requestIdleCallback !== 'function') callback();
    else idle = requestIdleCallback(callback, { timeout: 1000 });
  };
  const timer = setTimeout(() => {
    if (firstScreen !== 'pending') return go();
    waiting.add(go);
    cap = setTimeout(go, FIRST_SCREEN_WAIT_MAX_MS);
  }, delayMs);
  return () => {
    started = true;
    waiting.delete(go);
    clearTimeout(timer);
    clearTimeout(cap);
    if (idle) cancelIdleCallback(idle);
  };
}

/** Tests only: back to a fresh start. */
export function resetFirstScreenForTests(): void {
  firstScreen = 'open';
  waiting.clear();
}
