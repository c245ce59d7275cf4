import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/**
 * SPEC §4 Connectivity: online flips to offline on a network failure of a request and back on
 * the next success. The api layer writes it; the shell's offline banner reads it.
 */
export interface ConnectivityState {
  online: boolean;
  setOnline: (online: boolean) => void;
}

export const connectivityStore = createStore<ConnectivityState>()((set) => ({
  online: true,
  setOnline: (online) => set((state) => (state.online === online ? state : { online })),
}));

export function useOnline(): boolean {
  return useStore(connectivityStore, (state) => state.online);
}
