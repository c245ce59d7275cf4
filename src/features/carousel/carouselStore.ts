import { createStore } from 'zustand/vanilla';
import type { VideoEncodingStatus } from '../../domain/videoEncoding';
import { readString, writeString } from '../../state/persisted';

/** SPEC §3 "carousel viewer" store data. */
export interface CarouselState {
  /** The side module (info and comments) is open; remembered across visits. */
  sideModule: boolean;
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
  setFullscreen: (on: boolean) => void;
  setAutoplay: (on: boolean) => void;
  setPlaybackOrder: (order: 'forward' | 'backward') => void;
  setVideoStatus: (status: VideoEncodingStatus | null) => void;
  setCastingDevice: (device: string | null) => void;
}

export const carouselStore = createStore<CarouselState>()((set) => ({
  sideModule: readString('carouselSideModule') === '1',
  fullscreen: false,
  autoplay: false,
  playbackOrder: 'forward',
  videoStatus: null,
  castingDevice: null,
  setSideModule: (open) => {
    writeString('carouselSideModule', open ? '1' : '0');
    set({ sideModule: open });
  },
  setFullscreen: (fullscreen) => set({ fullscreen }),
  setAutoplay: (autoplay) => set({ autoplay }),
  setPlaybackOrder: (playbackOrder) => set({ playbackOrder }),
  setVideoStatus: (videoStatus) => set({ videoStatus }),
  setCastingDevice: (castingDevice) => set({ castingDevice }),
}));
