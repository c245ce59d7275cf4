/**
 * The rejection of cancelled work (a layout, a section load, a thumbnail decode), shaped like
 * the DOM's: callers test `name === 'AbortError'`. `what` names the work ("The layout request").
 * Imports nothing, so the workers may use it too.
 */
export function abortError(what: string): DOMException {
  return new DOMException(`${what} was aborted.`, 'AbortError');
}
