/*
 * Whether the window may stand away from its top, known without reading its scroll offsets. A
 * read of window.scrollY lays the page out first: a grid page that asked in its first commit
 * (GridPage's openAtTheWindowsTop) paid there for the layout of all it had just rendered, 23 to
 * 29 ms of one task (bench/hugeMonth, issue 34.10). Every scroll of the window (a person's, a
 * restored position, scrollTo) fires a scroll event, where the offsets are read instead.
 */
let following = false;
let awayFromTop = false;

/** Follows the window's scroll from now on (main.tsx, before the first render). */
export function followWindowScroll(target: Window = window): () => void {
  const read = () => {
    awayFromTop = target.scrollY !== 0 || target.scrollX !== 0;
  };
  read();
  following = true;
  target.addEventListener('scroll', read, { passive: true });
  return () => {
    target.removeEventListener('scroll', read);
    following = false;
  };
}

/**
 * False only when the window is surely at its top: followed since the start, with no scroll away
 * since. Not followed (tests, a page mounted alone), true: the caller reads the offsets.
 */
export function windowMayBeAwayFromTop(): boolean {
  return !following || awayFromTop;
}
