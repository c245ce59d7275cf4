import { useCallback, useEffect, useState, type RefObject } from 'react';
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

/** The Media Session API: the OS media keys and lock screen name the file and step the viewer. */
export function useMediaSession(file: CarouselFile | null, options: MediaSessionOptions): void {
  const { title, onNext, onPrevious, onPlayPause } = options;
  useEffect(() => {
    const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
    if (!session || !file) return undefined;
    if (typeof MediaMetadata !== 'undefined') session.metadata = new MediaMetadata({ title });
    const handlers: [MediaSessionAction, (() => void) | undefined][] = [
      ['nexttrack', onNext],
      ['previoustrack', onPrevious],
      ['play', onPlayPause],
      ['pause', onPlayPause],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler ?? null);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
      session.metadata = null;
    };
  }, [file, title, onNext, onPrevious, onPlayPause]);
}
