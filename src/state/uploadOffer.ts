import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * An album page whose uploads ask first (SPEC §2: adding to a shared album while signed in offers
 * "also copy to my timeline"): while it is open it registers how to ask, and the top bar's Upload
 * on that page asks through it instead of opening the file picker at once.
 */
export interface UploadOffer {
  jobId: string;
  ask: () => void;
}

export const uploadOfferStore = createStore<{ offer: UploadOffer | null }>()(() => ({
  offer: null,
}));

/** Registers the page's offer; the returned function takes it back (only if still its own). */
export function registerUploadOffer(offer: UploadOffer): () => void {
  uploadOfferStore.setState({ offer });
  return () => {
    if (uploadOfferStore.getState().offer === offer) uploadOfferStore.setState({ offer: null });
  };
}

/** How to ask before uploading into `jobId`, or null when its uploads go straight in. */
export function useUploadOfferFor(jobId: string | null): (() => void) | null {
  const offer = useStore(uploadOfferStore, (state) => state.offer);
  return jobId !== null && offer?.jobId === jobId ? offer.ask : null;
}
