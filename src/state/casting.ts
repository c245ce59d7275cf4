import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { readString, removeItem, writeString } from './persisted';

/**
 * The TV this browser casts to (issue 18). Kept in local storage so the casting bar (a global
 * overlay, loaded only while casting) comes back after a reload and the cast feature reconnects
 * to the same receiver. The connection itself lives in features/cast (`castService`).
 */
export interface CastPairing {
  transport: 'tv' | 'googleCast';
  sessionId: string;
  deviceName: string;
}

export interface CastingState {
  pairing: CastPairing | null;
  setPairing: (pairing: CastPairing | null) => void;
}

/**
 * The stored pairing, or null when absent or not one. Checked by hand, not with zod: this module
 * is on the startup path of every page (the shell's overlays), and zod's enum would grow /photos
 * (bench/bundle); the relay checks the session id itself when the cast feature reconnects.
 */
export function parseCastPairing(text: string | null): CastPairing | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { transport, sessionId, deviceName } = value as Record<string, unknown>;
  if (transport !== 'tv' && transport !== 'googleCast') return null;
  if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > 64) return null;
  if (typeof deviceName !== 'string' || deviceName.length > 120) return null;
  return { transport, sessionId, deviceName };
}

export const castingStore = createStore<CastingState>()((set) => ({
  pairing: parseCastPairing(readString('castSession')),
  setPairing: (pairing) => {
    if (pairing) writeString('castSession', JSON.stringify(pairing));
    else removeItem('castSession');
    set({ pairing });
  },
}));

/** Whether this browser casts (a pairing is stored): the shell loads the casting bar then. */
export const useCasting = (): boolean => useStore(castingStore, (s) => s.pairing !== null);
