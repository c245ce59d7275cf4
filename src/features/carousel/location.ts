/** The viewer's URL hash for a running slideshow. */
export const AUTOPLAY_HASH = '#autoPlay';

/** Set on the history entry when a page opens the viewer: Close then goes Back to it. */
export interface CarouselLocationState {
  fromGrid?: boolean;
}
