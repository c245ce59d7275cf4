import { useCallback, useEffect, useRef, useState } from 'react';
import { loadStoredAuth } from '../../api/authStore';
import { api } from '../../platform/api';
import { gpuLimits } from '../../platform/browserSupport';
import { exposeForTests } from '../../platform/testHooks';
import { GalleryEngine } from '../../gallery/engine/GalleryEngine';
import { WorkerLayoutEngine } from '../../gallery/engine/layout/LayoutEngine';
import {
  poolSizesFor,
  TEXTURE_BUDGETS,
  TIER_THUMBNAIL_SIZE,
  WorkerThumbnailLoader,
  type DeviceClass,
} from '../../gallery/engine/texture';
import type { TimelineSource } from '../../gallery/engine/timeline/TimelineSource';
import type { GridMetrics } from '../../gallery/engine/types';
import type { Breakpoint } from '../../state/viewport';
import { shiftHintStore } from './shiftHintStore';

export type TimelineLoad = 'loading' | 'ready' | 'empty' | 'error';

function deviceClassFor(breakpoint: Breakpoint): DeviceClass {
  if (breakpoint === 'mobile') return 'mobile';
  if (breakpoint === 'tabletPortrait' || breakpoint === 'tabletLandscape') return 'tablet';
  return breakpoint === 'tv' ? 'tv' : 'desktop';
}

const EMPTY_SOURCE: TimelineSource = {
  sections: () => Promise.resolve([]),
  files: () => Promise.reject(new Error('no files in an empty source')),
};

/**
 * Creates the gallery engine for a job (with its workers), loads the sections of `source` (the
 * filter's; null while it is not known yet, e.g. recents loading) and swaps them when it
 * changes, and disposes everything when the job changes or the page unmounts. `reload` retries
 * after a failure; `refresh` adopts fresh sections in place (live changes, a restore).
 */
export function useGalleryEngine(
  jobId: string | undefined,
  metrics: GridMetrics,
  breakpoint: Breakpoint,
  source: TimelineSource | null,
) {
  const [engine, setEngine] = useState<GalleryEngine | null>(null);
  const [load, setLoad] = useState<TimelineLoad>('loading');
  const [attempt, setAttempt] = useState(0);
  // The device class is fixed for the engine's life: pools are allocated once.
  const [deviceClass] = useState(() => deviceClassFor(breakpoint));

  useEffect(() => {
    if (!jobId) return undefined;
    const client = api();
    // Built once: client.url() reads the stored auth and host directory, too slow per tile.
    const template = client.url({
      host: 'thumb',
      path: '/th/3/FILE_ID',
      query: { area: 'AREA', share: jobId, token: loadStoredAuth()?.token },
    });
    const loader = new WorkerThumbnailLoader({
      urlFor: (fileId, tier) =>
        template
          .replace('FILE_ID', encodeURIComponent(fileId))
          .replace('area=AREA', `area=${TIER_THUMBNAIL_SIZE[tier]}`),
    });
    const layout = new WorkerLayoutEngine();
    const created = new GalleryEngine({
      source: EMPTY_SOURCE,
      layout,
      loader,
      metrics,
      pools: poolSizesFor(TEXTURE_BUDGETS[deviceClass], gpuLimits.maxArrayTextureLayers),
      hintStore: shiftHintStore,
      // A device with only coarse pointers (a phone) has no Shift key to hint at.
      shiftSelectAvailable: window.matchMedia?.('(any-pointer: fine)').matches ?? true,
    });
    setEngine(created);
    const unexpose = exposeForTests('gallery', created);
    return () => {
      unexpose();
      created.dispose();
      layout.dispose();
      loader.dispose();
      setEngine(null);
    };
    // metrics changes are applied by GalleryView's resize, not by a new engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, deviceClass, attempt]);

  useEffect(() => {
    if (!engine) return undefined;
    setLoad('loading');
    if (!source) return undefined;
    const controller = new AbortController();
    engine
      .setSource(source, controller.signal)
      .then(() => {
        if (!controller.signal.aborted)
          setLoad(engine.timeline.sectionCount > 0 ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad('error');
      });
    return () => controller.abort();
  }, [engine, source]);

  // One refresh at a time; a request while one runs runs once more after it.
  const refreshing = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  const refresh = useCallback(async (): Promise<void> => {
    const state = refreshing.current;
    if (!engine) return;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        const current = engine.timeline.source;
        const sections = await current.sections(new AbortController().signal);
        if (engine.timeline.source !== current) return;
        engine.reconcile(sections);
        setLoad((old) =>
          old === 'ready' || old === 'empty' ? (sections.length > 0 ? 'ready' : 'empty') : old,
        );
      } while (state.again);
    } finally {
      state.running = false;
    }
  }, [engine]);

  return { engine, load, reload: () => setAttempt((n) => n + 1), refresh };
}
