// What a bench page records of its first screen (bench/hugeMonth): how many tiles are still grey
// a while after the engine's first frame or an action, and when the open's first calls and its
// first frame came.
import type { Page } from '@playwright/test';

/** The tiles on screen, and those without a thumbnail yet, at one moment. */
export interface GreyCount {
  tiles: number;
  grey: number;
}

declare global {
  interface Window {
    __benchGrey?: Promise<GreyCount>;
    /** Page clock of the engine's first frame (ms). */
    __benchFirstFrameAt?: number;
  }
}

/**
 * An init script: `waitMs` after the engine's first frame with tiles, how many of the tiles
 * on screen are grey (window.__benchGrey). Polls for the engine once an animation frame until it
 * is published, then listens to its frames.
 */
export function watchFirstScreen(waitMs: number): void {
  window.__benchGrey = new Promise((resolve) => {
    const look = () => {
      const gallery = window.__capture?.gallery;
      if (!gallery) {
        requestAnimationFrame(look);
        return;
      }
      const stop = gallery.onFrame(() => {
        window.__benchFirstFrameAt ??= performance.now();
        if (gallery.snapshot().tiles === 0) return;
        stop();
        setTimeout(() => {
          const s = gallery.snapshot();
          resolve({ tiles: s.tiles, grey: s.untexturedTiles });
        }, waitMs);
      });
    };
    look();
  });
}

/** The same count `waitMs` from now (after an action that needs no new engine). */
export function greyLater(page: Page, waitMs: number): Promise<void> {
  return page.evaluate((waitMs) => {
    const gallery = window.__capture!.gallery!;
    window.__benchGrey = new Promise((resolve) =>
      setTimeout(() => {
        const s = gallery.snapshot();
        resolve({ tiles: s.tiles, grey: s.untexturedTiles });
      }, waitMs),
    );
  }, waitMs);
}

export const greyCount = (page: Page): Promise<GreyCount> =>
  page.evaluate(() => window.__benchGrey!);

/**
 * When the open's first steps happened, on the page clock (ms from the navigation): the list of
 * months asked for and answered, the first section's files asked for and answered, and the
 * engine's first frame (the renderer made). -1: not seen.
 */
export interface OpenMilestones {
  monthsAskedMs: number;
  monthsAnsweredMs: number;
  filesAskedMs: number;
  filesAnsweredMs: number;
  firstFrameMs: number;
}

export function openMilestones(page: Page): Promise<OpenMilestones> {
  return page.evaluate(() => {
    const first = (part: string) =>
      performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname.endsWith(part)) as
        PerformanceResourceTiming | undefined;
    const months = first('/timeline/months');
    const files = first('/files');
    const ms = (value: number | undefined) => (value === undefined ? -1 : Math.round(value));
    return {
      monthsAskedMs: ms(months?.startTime),
      monthsAnsweredMs: ms(months?.responseEnd),
      filesAskedMs: ms(files?.startTime),
      filesAnsweredMs: ms(files?.responseEnd),
      firstFrameMs: ms(window.__benchFirstFrameAt),
    };
  });
}
