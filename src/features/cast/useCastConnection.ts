import { useEffect } from 'react';
import { useStore } from 'zustand';
import { castingStore } from '../../state/casting';
import { castService, type CastSnapshot } from './CastService';
import { fetchCastSession, TvTransport } from './tvTransport';

let resuming: Promise<void> | null = null;

/**
 * After a reload: reconnects to the TV the stored pairing names, or forgets it when the relay
 * says it ended. Google Cast sessions are the framework's to resume; they are forgotten here.
 */
export function resumeStoredCast(): Promise<void> {
  resuming ??= (async () => {
    const pairing = castingStore.getState().pairing;
    if (!pairing || castService.connected) return;
    if (pairing.transport !== 'tv') return castingStore.getState().setPairing(null);
    const session = await fetchCastSession(pairing.sessionId).catch(() => undefined);
    if (session === undefined) return; // offline: try again on the next mount
    if (!session) return castingStore.getState().setPairing(null);
    castService.connect(new TvTransport(session));
  })().finally(() => {
    resuming = null;
  });
  return resuming;
}

/** The cast state for a component, resuming a stored pairing on first use. */
export function useCastConnection<T>(selector: (snapshot: CastSnapshot) => T): T {
  useEffect(() => void resumeStoredCast(), []);
  return useStore(castService.store, selector);
}
