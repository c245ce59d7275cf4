import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { isTyping } from './carouselKeys';
import type { StageHandle } from './CarouselStage';
import type { VideoHandle } from './VideoPlayer';

/** What the viewer's keys do; read when a key comes, so the latest render's wins. */
export interface CarouselKeyActions {
  close: () => void;
  step: (direction: 1 | -1) => void;
  toggleInfo: () => void;
  toggleFullscreen: () => void;
  remove: () => void;
  stage: RefObject<StageHandle | null>;
  video: RefObject<VideoHandle | null>;
  isVideo: boolean;
  /** The TV breakpoint: the remote's up and down move between the toolbar and the photo. */
  tv: boolean;
  /** The file on screen: the page's grid is brought to it when the viewer goes. */
  fileId: string | null;
  /** Scrolls the page's grid to a file (the source's reveal). */
  reveal?: (fileId: string) => void;
}

/**
 * The viewer's keys (CAROUSEL_SHORTCUTS). The viewer is modal: its keys work wherever the focus
 * is (a toast's button, the page after a button went away), except in text fields; Tab stays
 * inside `root`, and the focus moves into it on open and back to the page on close.
 */
export function useCarouselKeys(
  root: RefObject<HTMLDivElement | null>,
  actions: CarouselKeyActions,
): void {
  // Registered once; it reads the latest handler.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  const latest = useRef(actions);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    root.current?.focus();
    return () => {
      // However the viewer goes (close, Escape, Back), the page's grid shows and focuses the
      // file it was on (issue 34.9), not the tile it was opened from: giving the focus back to
      // that tile's cell made the grid's focus, and its view, go back there.
      const { fileId, reveal } = latest.current;
      if (fileId === null || !reveal) return before?.focus?.();
      try {
        reveal(fileId);
      } catch {
        // The page went with the viewer (its grid is gone): nothing to bring into view.
      }
      focusGridCell(fileId, before);
      return undefined;
    };
  }, [root]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (isTyping(event.target) || event.altKey || event.defaultPrevented) return;
    // A confirmation over the viewer (delete) has the keys to itself.
    if (document.querySelector('dialog[open]')) return;
    const { close, step, toggleInfo, toggleFullscreen, remove, stage, video, isVideo, tv } =
      actions;
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key;
    const handled = ((): boolean => {
      if (key === 'Escape') return (close(), true);
      if (key === 'Tab') return (trapFocus(root.current, event), false);
      if (ctrl) return false;
      if (key === 'ArrowRight') return (step(1), true);
      if (key === 'ArrowLeft') return (step(-1), true);
      if (key === 'ArrowUp' && tv) return (focusToolbar(root.current), true);
      if (key === 'ArrowDown' && tv) return (root.current?.focus(), true);
      if (key === 'i' || key === 'I') return (toggleInfo(), true);
      if (key === 'f' || key === 'F') return (toggleFullscreen(), true);
      if (key === '+' || key === '=') return (stage.current?.zoomBy(1), true);
      if (key === '-') return (stage.current?.zoomBy(-1), true);
      if (key === '0') return (stage.current?.reset(), true);
      if (key === 'Delete') return (remove(), true);
      if (isVideo && (key === ' ' || key === 'k' || key === 'K')) {
        return (video.current?.togglePlay(), true);
      }
      if (isVideo && (key === 'j' || key === 'J')) return (video.current?.seekBy(-10), true);
      if (isVideo && (key === 'l' || key === 'L')) return (video.current?.seekBy(10), true);
      return false;
    })();
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  // In the commit, before the browser can deliver the next key: a key pressed right after a step
  // must see this file's neighbours, not the last file's (a stale handler stepped to the file
  // already shown).
  useLayoutEffect(() => {
    keyHandler.current = onKeyDown;
    latest.current = actions;
  });
}

/** Frames the grid may take to draw a revealed file's cell before the focus goes elsewhere. */
const GRID_CELL_FRAMES = 30;

/**
 * Focuses the grid cell of `fileId` once the page's grid draws it (after the reveal's scroll);
 * where no grid shows it (a page without one), the focus goes back to `fallback`.
 */
function focusGridCell(fileId: string, fallback: HTMLElement | null): void {
  let frames = 0;
  const attempt = () => {
    const cell = document.querySelector<HTMLElement>(
      `[role="gridcell"][data-file="${CSS.escape(fileId)}"]:not([hidden])`,
    );
    if (cell) cell.focus({ preventScroll: true });
    else if (++frames < GRID_CELL_FRAMES) requestAnimationFrame(attempt);
    else if (fallback?.isConnected && !fallback.closest('[role="grid"]')) fallback.focus();
  };
  attempt();
}

const focusToolbar = (root: HTMLElement | null) =>
  root?.querySelector<HTMLButtonElement>('.carousel-toolbar button')?.focus();

/** Tab and Shift+Tab wrap around inside the viewer. */
function trapFocus(root: HTMLElement | null, event: KeyboardEvent) {
  // Not the buttons of the closed More menu (hidden, so not focusable).
  const focusable = [
    ...(root?.querySelectorAll<HTMLElement>(
      'button:not([disabled]), [href], video, input, textarea, [tabindex="0"]',
    ) ?? []),
  ].filter((element) => !element.closest('.carousel-more__panel:not(.is-open)'));
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
