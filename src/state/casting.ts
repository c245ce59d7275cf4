import { z } from 'zod';
import { lazySchema } from '../api/contract/lazySchema';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { lazyStore } from './lazyStore';
import { readJson, removeItem, writeString } from './persisted';

/**
 * The TV this browser casts to (issue 18). Kept in local storage so the casting bar (a global
 * overlay, loaded only while casting) comes back after a reload and the cast feature reconnects
 * to the same receiver. The connection itself lives in features/cast (`castService`).
 * (zod costs /photos nothing here: it is on the start-up path for the API already, and the
 * schema is smaller than a check by hand — bench/bundle.)
 */
const CastPairingSchema = lazySchema(() =>
  z.object({
    transport: z.enum(['tv', 'googleCast']),
    sessionId: z.string().min(1).max(64),
    deviceName: z.string().max(120),
  }),
);
export type CastPairing = z.infer<typeof CastPairingSchema>;

export interface CastingState {
  pairing: CastPairing | null;
  setPairing: (pairing: CastPairing | null) => void;
}

export const castingStore = lazyStore(() =>
  createStore<CastingState>()((set) => ({
    pairing: readJson('castSession', CastPairingSchema),
    setPairing: (pairing) => {
      if (pairing) writeString('castSession', JSON.stringify(pairing));
      else removeItem('castSession');
      set({ pairing });
    },
  })),
);

/** Whether this browser casts (a pairing is stored): the shell loads the casting bar then. */
export const useCasting = (): boolean => useStore(castingStore, (s) => s.pairing !== null);
