// The public entry of features/carousel: the viewer every page opens files in (timeline now;
// albums, shares and the trash with their own sources), and the slots other features fill.
export { AUTOPLAY_HASH, type CarouselLocationState } from './location';
// The viewer loads on first open (its own chunk): see lazyViewer.tsx.
export { Carousel, loadViewer, prefetchViewer, StandaloneCarousel } from './lazyViewer';
export { carouselStore, type CarouselState } from './carouselStore';
// A toolbar button's look (icon in the bar, icon and label in the More menu), for the slots.
export { ActionContent, CAROUSEL_ACTION_CLASS } from './ActionContent';
export {
  carouselFileAt,
  sectionedSource,
  sectionIndexForTime,
  type SectionAccess,
  type SectionedSourceOptions,
} from './sectionedSource';
export { registerCarouselAction, registerCarouselPanel, useLazyCarouselSlot } from './slots';
export { listSource } from './listSource';
// The sections a grid on screen has loaded (engineSectionAccess), or a job's own when no grid is
// (timelineSourceAccess), as the viewer walks them.
export { engineSectionAccess } from './engineSectionAccess';
export { useWhenListed } from './useWhenListed';
export { fileCaptureTime, fileDetailQuery } from './fileQueries';
export type {
  CarouselActionPlacement,
  CarouselActionSlot,
  CarouselCapabilities,
  CarouselFile,
  CarouselLocated,
  CarouselPanelSlot,
  CarouselPosition,
  CarouselSlotContext,
  CarouselSource,
} from './types';
