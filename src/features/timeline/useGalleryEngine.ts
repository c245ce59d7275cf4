import { useMemo, useState } from 'react';
import { loadStoredAuth } from '../../api/authStore';
import { api } from '../../platform/api';
import { gpuLimits } from '../../platform/browserSupport';
import { exposeForTests } from '../../platform/testHooks';
import {
  deviceClassFor,
  type GalleryEngine,
  useGalleryEngine as useGallery,
  type GalleryEngineState,
  type GalleryLoad,
  type GridMetrics,
  type TimelineSource,
} from '../../gallery';
import type { Breakpoint } from '../../state/viewport';
import { shiftHintStore } from './shiftHintStore';

export type TimelineLoad = GalleryLoad;

const exposeEngine = (engine: GalleryEngine) => exposeForTests('gallery', engine);

/**
 * The timeline's gallery engine for a job: the gallery's hook with what the app supplies —
 * thumbnail URLs on the API's thumbnail host, the GPU's layer limit, where the shift-select
 * hint is remembered, and the engine published for tests. See gallery's useGalleryEngine.
 */
export function useGalleryEngine(
  jobId: string | undefined,
  metrics: GridMetrics,
  breakpoint: Breakpoint,
  source: TimelineSource | null,
): GalleryEngineState {
  const thumbnailUrl = useMemo(() => {
    if (!jobId) return () => '';
    // Built once per job: client.url() reads the stored auth and host directory, too slow per tile.
    const template = api().url({
      host: 'thumb',
      path: '/th/3/FILE_ID',
      query: { area: 'AREA', share: jobId, token: loadStoredAuth()?.token },
    });
    return (fileId: string, size: number) =>
      template.replace('FILE_ID', encodeURIComponent(fileId)).replace('area=AREA', `area=${size}`);
  }, [jobId]);
  // The device class is fixed for the page's life: pools are allocated once.
  const [deviceClass] = useState(() => deviceClassFor(breakpoint));
  return useGallery({
    contentKey: jobId,
    metrics,
    deviceClass,
    source,
    thumbnailUrl,
    maxArrayTextureLayers: gpuLimits.maxArrayTextureLayers,
    hintStore: shiftHintStore,
    expose: exposeEngine,
  });
}
