import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { BREAKPOINTS } from '../domain/constants';

/** SPEC §2 breakpoints: 600 mobile, 900 tablet portrait, 1200 tablet landscape, 1400 TV. */
export type Breakpoint = 'mobile' | 'tabletPortrait' | 'tabletLandscape' | 'desktop' | 'tv';

export function breakpointFor(width: number): Breakpoint {
  if (width < BREAKPOINTS.mobile) return 'mobile';
  if (width < BREAKPOINTS.tabletPortrait) return 'tabletPortrait';
  if (width < BREAKPOINTS.tabletLandscape) return 'tabletLandscape';
  if (width < BREAKPOINTS.tv) return 'desktop';
  return 'tv';
}

interface ViewportState {
  width: number;
  height: number;
  breakpoint: Breakpoint;
}

const initialWidth = typeof window === 'undefined' ? 1280 : window.innerWidth;
const initialHeight = typeof window === 'undefined' ? 800 : window.innerHeight;

export const viewportStore = createStore<ViewportState>()(() => ({
  width: initialWidth,
  height: initialHeight,
  breakpoint: breakpointFor(initialWidth),
}));

/** Call once at start-up; resize events only write when the size actually changed. */
export function trackViewport(target: Window): () => void {
  const update = () => {
    const { innerWidth: width, innerHeight: height } = target;
    const state = viewportStore.getState();
    if (state.width === width && state.height === height) return;
    viewportStore.setState({ width, height, breakpoint: breakpointFor(width) });
  };
  update();
  target.addEventListener('resize', update);
  return () => target.removeEventListener('resize', update);
}

export const useBreakpoint = (): Breakpoint => useStore(viewportStore, (s) => s.breakpoint);
