import { useMemo } from 'react';
import { useStore } from 'zustand';
import { isActive, type PendingAlbum } from './model';
import { uploadStore } from './uploader';

/**
 * SPEC §3 pending albums: albums made with a temporary id whose first upload is still running
 * (the album list shows them before the server lists them). Once created, `targetJob` is the
 * real id; an album drops out when none of its uploads is active any more.
 */
export function usePendingAlbums(): PendingAlbum[] {
  const pending = useStore(uploadStore, (s) => s.pendingAlbums);
  const items = useStore(uploadStore, (s) => s.items);
  return useMemo(() => {
    const busy = new Set(items.filter(isActive).map((item) => item.targetJob));
    return Object.values(pending).filter(
      (album) => busy.has(album.tempID) || (album.targetJob !== null && busy.has(album.targetJob)),
    );
  }, [pending, items]);
}
