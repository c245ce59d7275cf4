import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * An album page whose uploads ask first (SPEC §2: adding to a shared album while signed in offers
 * "also copy to my timeline"): while it is open it registers how to ask, and the top bar's Upload
 * and a drop on that page ask through it instead of uploading at once.
 */
export interface UploadOffer {
  jobId: string;
  /**
   * Opens the page's upload overlay; with `dropped`, for exactly those files (a drop on the
   * page), which it queues only once the user confirms.
   */
  ask: (dropped?: readonly OfferedFile[]) => void;
}

/** A file as the upload queue takes it; the upload feature's entries (folder marks) pass through. */
export interface OfferedFile {
  readonly file: File;
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

/** The one rule: the registered offer applies to uploads into its own job only. */
function offerOf(offer: UploadOffer | null, jobId: string | null): UploadOffer['ask'] | null {
  return jobId !== null && offer?.jobId === jobId ? offer.ask : null;
}

/** How to ask before uploading into `jobId` now (a drop), or null when its uploads go straight in. */
export function uploadOfferFor(jobId: string | null): UploadOffer['ask'] | null {
  return offerOf(uploadOfferStore.getState().offer, jobId);
}

/** The same, followed by a component (the top bar's Upload). */
export function useUploadOfferFor(jobId: string | null): UploadOffer['ask'] | null {
  const offer = useStore(uploadOfferStore, (state) => state.offer);
  return offerOf(offer, jobId);
}
