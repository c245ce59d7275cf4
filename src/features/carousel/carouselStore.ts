import { createStore } from 'zustand/vanilla';
import type { VideoEncodingStatus } from '../../domain/videoEncoding';
import { readString, writeString } from '../../state/persisted';

/** A part of the side module an action asks to show (the toolbar's comments button). */
export type SidePart = 'comments';

/** SPEC §3 "carousel viewer" store data. */
export interface CarouselState {
  /**
   * The side module (info and comments) is open beside the photo; remembered across visits.
   * Only where it sits beside the photo: on a phone it covers the photo (issue 34.5).
   */
  sideModule: boolean;
  /** The side module on a phone: opened in this viewer only, never remembered. */
  phoneSideModule: boolean;
  /** The part of the side module to bring into view once it shows; null when none. */
  sidePart: SidePart | null;
  fullscreen: boolean;
  /** The slideshow runs (SPEC §9: 5000 ms a photo; at once when a video ends). */
  autoplay: boolean;
  /** Which way the slideshow walks the list. */
  playbackOrder: 'forward' | 'backward';
  /** SPEC §4 video encoding status of the video on screen; null for a photo. */
  videoStatus: VideoEncodingStatus | null;
  /** The device the viewer casts to (the cast issue connects one); null when not casting. */
  castingDevice: string | null;
  setSideModule: (open: boolean) => void;
  /** Opens or closes the side module where the viewer is (`phone`: not remembered). */
  setInfoOpen: (open: boolean, phone: boolean) => void;
  /** Opens the side module on `part` (the comments button of a computer's toolbar). */
  showSidePart: (part: SidePart, phone: boolean) => void;
  /** The part asked for has been shown. */
  sidePartShown: () => void;
  setFullscreen: (on: boolean) => void;
  setAutoplay: (on: boolean) => void;
  setPlaybackOrder: (order: 'forward' | 'backward') => void;
  setVideoStatus: (status: VideoEncodingStatus | null) => void;
  setCastingDevice: (device: string | null) => void;
}

/**
 * Whether the side module shows: on a phone only when opened there and then (a panel
 * remembered open from a computer would cover the whole photo), elsewhere as remembered.
 */
export function infoOpenFor(state: CarouselState, phone: boolean): boolean {
  return phone ? state.phoneSideModule : state.sideModule;
}

export function createCarouselStore() {
  return createStore<CarouselState>()((set, get) => ({
    sideModule: readString('carouselSideModule') === '1',
    phoneSideModule: false,
    sidePart: null,
    fullscreen: false,
    autoplay: false,
    playbackOrder: 'forward',
    videoStatus: null,
    castingDevice: null,
    setSideModule: (open) => {
      writeString('carouselSideModule', open ? '1' : '0');
      set({ sideModule: open });
    },
    setInfoOpen: (open, phone) => {
      if (phone) set({ phoneSideModule: open });
      else get().setSideModule(open);
    },
    showSidePart: (part, phone) => {
      get().setInfoOpen(true, phone);
      set({ sidePart: part });
    },
    sidePartShown: () => set({ sidePart: null }),
    setFullscreen: (fullscreen) => set({ fullscreen }),
    setAutoplay: (autoplay) => set({ autoplay }),
    setPlaybackOrder: (playbackOrder) => set({ playbackOrder }),
    setVideoStatus: (videoStatus) => set({ videoStatus }),
    setCastingDevice: (castingDevice) => set({ castingDevice }),
  }));
}

export const carouselStore = createCarouselStore();
