import { yieldToEventLoop } from './yieldToEventLoop';

/**
 * Resolves in a task after the next frame is drawn: work split by it lands in separate frames
 * (a grid page's data parsed in one, laid out in the next), not in one long frame.
 */
export function afterNextFrame(): Promise<void> {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      void yieldToEventLoop().then(resolve);
    });
  });
}
