import { useEffect, useState, type RefObject } from 'react';
import { SLIDESHOW_CHROME_IDLE_MS } from '../../domain/constants';

/**
 * During a slideshow (`active`) the viewer's chrome (toolbar, arrows) hides after
 * SLIDESHOW_CHROME_IDLE_MS without a pointer movement over the viewer, and shows again with the
 * next movement, press or key (issue 34.9). True while it is hidden.
 */
export function useIdleChrome(active: boolean, root: RefObject<HTMLElement | null>): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const element = root.current;
    if (!active || !element) {
      setIdle(false);
      return undefined;
    }
    let timer = window.setTimeout(() => setIdle(true), SLIDESHOW_CHROME_IDLE_MS);
    const wake = () => {
      setIdle(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setIdle(true), SLIDESHOW_CHROME_IDLE_MS);
    };
    element.addEventListener('pointermove', wake);
    element.addEventListener('pointerdown', wake);
    document.addEventListener('keydown', wake);
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener('pointermove', wake);
      element.removeEventListener('pointerdown', wake);
      document.removeEventListener('keydown', wake);
    };
  }, [active, root]);
  return active && idle;
}
