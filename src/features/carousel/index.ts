// The public entry of features/carousel: the viewer every page opens files in (timeline now;
// albums, shares and the trash with their own sources), and the slots other features fill.
export { AUTOPLAY_HASH, Carousel, type CarouselLocationState } from './Carousel';
export { carouselStore, type CarouselState } from './carouselStore';
export {
  carouselFileAt,
  sectionedSource,
  sectionIndexForTime,
  type SectionAccess,
  type SectionedSourceOptions,
} from './sectionedSource';
export { registerCarouselAction, registerCarouselPanel, useLazyCarouselSlot } from './slots';
export { listSource } from './listSource';
export { fileCaptureTime, fileDetailQuery } from './fileQueries';
export type {
  CarouselActionSlot,
  CarouselCapabilities,
  CarouselFile,
  CarouselLocated,
  CarouselPanelSlot,
  CarouselPosition,
  CarouselSlotContext,
  CarouselSource,
} from './types';
// A job's files in the viewer without a grid under them (a share's link, a reload).
export { JobCarousel as StandaloneCarousel } from './CarouselPage';
