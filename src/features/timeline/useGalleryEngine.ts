import { useEffect, useState } from 'react';
import { loadStoredAuth } from '../../api/authStore';
import { api } from '../../app/api';
import { gpuLimits } from '../../app/browserSupport';
import { exposeForTests } from '../../app/testHooks';
import { GalleryEngine } from '../../gallery/engine/GalleryEngine';
import { WorkerLayoutEngine } from '../../gallery/engine/layout/LayoutEngine';
import {
  poolSizesFor,
  TEXTURE_BUDGETS,
  WorkerThumbnailLoader,
  type DeviceClass,
} from '../../gallery/engine/texture';
import type { GridMetrics } from '../../gallery/engine/types';
import type { Breakpoint } from '../../state/viewport';
import { apiTimelineSource } from './apiTimelineSource';
import { shiftHintStore } from './shiftHintStore';

export type TimelineLoad = 'loading' | 'ready' | 'empty' | 'error';

function deviceClassFor(breakpoint: Breakpoint): DeviceClass {
  if (breakpoint === 'mobile') return 'mobile';
  if (breakpoint === 'tabletPortrait' || breakpoint === 'tabletLandscape') return 'tablet';
  return breakpoint === 'tv' ? 'tv' : 'desktop';
}

/**
 * Creates the gallery engine for a job (with its workers), loads the sections, and disposes
 * everything when the job changes or the page unmounts. `reload` retries after a failure.
 */
export function useGalleryEngine(
  jobId: string | undefined,
  metrics: GridMetrics,
  breakpoint: Breakpoint,
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
          .replace('area=AREA', `area=${tier === 'small' ? 256 : 1280}`),
    });
    const layout = new WorkerLayoutEngine();
    const created = new GalleryEngine({
      source: apiTimelineSource(client, jobId),
      layout,
      loader,
      metrics,
      pools: poolSizesFor(TEXTURE_BUDGETS[deviceClass], gpuLimits.maxArrayTextureLayers),
      hintStore: shiftHintStore,
      // A device with only coarse pointers (a phone) has no Shift key to hint at.
      shiftSelectAvailable: window.matchMedia?.('(any-pointer: fine)').matches ?? true,
    });
    const controller = new AbortController();
    setEngine(created);
    setLoad('loading');
    created.timeline
      .load(controller.signal)
      .then(() => setLoad(created.timeline.sectionCount > 0 ? 'ready' : 'empty'))
      .catch(() => {
        if (!controller.signal.aborted) setLoad('error');
      });
    const unexpose = exposeForTests('gallery', created);
    return () => {
      controller.abort();
      unexpose();
      created.dispose();
      layout.dispose();
      loader.dispose();
      setEngine(null);
    };
    // metrics changes are applied by GalleryView's resize, not by a new engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, deviceClass, attempt]);

  return { engine, load, reload: () => setAttempt((n) => n + 1) };
}
