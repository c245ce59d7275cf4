import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { trackEngaged } from '../../platform/analytics';
import { carouselStore } from './carouselStore';
import type { CarouselFile } from './types';

/** The Fullscreen API on the viewer's element, mirrored into the carousel store. */
export function useFullscreen(element: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const target = element.current;
    const sync = () => {
      const on = document.fullscreenElement !== null && document.fullscreenElement === target;
      setFullscreen(on);
      carouselStore.getState().setFullscreen(on);
      if (on) trackEngaged('carousel_fullscreen_open');
    };
    document.addEventListener('fullscreenchange', sync);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
      if (document.fullscreenElement === target)
        void document.exitFullscreen().catch(() => undefined);
      carouselStore.getState().setFullscreen(false);
    };
  }, [element]);
  const toggleFullscreen = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await element.current?.requestFullscreen();
    } catch {
      // Refused (an iframe without allowfullscreen, a TV browser without the API): nothing to do.
    }
  }, [element]);
  return { fullscreen, toggleFullscreen };
}

interface MediaSessionOptions {
  title: string;
  onNext?: () => void;
  onPrevious?: () => void;
  onPlayPause?: () => void;
}

const ACTIONS = ['nexttrack', 'previoustrack', 'play', 'pause'] as const;

/**
 * The Media Session API: the OS media keys and lock screen name the file and step the viewer.
 * The handlers are registered once for the viewer's life and read the latest callbacks; only
 * the metadata changes with the file (a step costs no re-registration).
 */
export function useMediaSession(file: CarouselFile | null, options: MediaSessionOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;

  useEffect(() => {
    if (!session) return undefined;
    const run: Record<(typeof ACTIONS)[number], () => void> = {
      nexttrack: () => latest.current.onNext?.(),
      previoustrack: () => latest.current.onPrevious?.(),
      play: () => latest.current.onPlayPause?.(),
      pause: () => latest.current.onPlayPause?.(),
    };
    for (const action of ACTIONS) {
      try {
        session.setActionHandler(action, run[action]);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const action of ACTIONS) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
      session.metadata = null;
    };
  }, [session]);

  const title = options.title;
  useEffect(() => {
    if (!session || !file || typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({ title });
  }, [session, file, title]);
}

/**
 * The Screen Wake Lock API while `active` (a slideshow: nobody touches the screen, and a TV or
 * tablet must not dim or lock halfway through). The browser drops the lock when the page is
 * hidden, so it is asked again when the page shows; it is released when the slideshow stops.
 * A browser without the API, or one that refuses (battery saver), just lets the screen sleep.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
    if (!active || !wakeLock) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const granted = await wakeLock.request('screen');
        if (stopped) void granted.release().catch(() => undefined);
        else sentinel = granted;
      } catch {
        // Refused: the screen may sleep.
      }
    };
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
    };
  }, [active]);
}
