import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A stable wait for a grid's first listing (its `load` past 'loading'), for a page that shows
 * the viewer before its grid has loaded: the viewer opens on a file's link at once, with its
 * keys and Close, and finds the file once the months are listed (issue 34.9: the viewer only
 * mounted after the grid's load, so an Escape before it was lost and the viewer showed later).
 */
export function useWhenListed(listed: boolean): (signal: AbortSignal) => Promise<void> {
  const ready = useRef(listed);
  const waiting = useRef(new Set<() => void>());
  useLayoutEffect(() => {
    ready.current = listed;
    if (!listed) return;
    for (const resolve of waiting.current) resolve();
    waiting.current.clear();
  }, [listed]);
  return useCallback(
    (signal) =>
      ready.current
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              waiting.current.delete(done);
              resolve();
            };
            waiting.current.add(done);
            // An aborted wait settles too; the caller checks its signal.
            signal.addEventListener('abort', done, { once: true });
          }),
    [],
  );
}
