import { useMemo, useState } from 'react';
import { gpuLimits } from '../../platform/browserSupport';
import { mediaUrls } from '../../platform/mediaUrls';
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
  const thumbnailUrl = useMemo(() => (jobId ? mediaUrls(jobId).thumbnail : () => ''), [jobId]);
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
