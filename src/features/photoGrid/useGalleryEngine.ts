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
  type HintTimePort,
  type TimelineSource,
} from '../../gallery';
import type { Breakpoint } from '../../state/viewport';
import { shiftHintStore } from './shiftHintStore';

export type TimelineLoad = GalleryLoad;

const exposeEngine = (engine: GalleryEngine) => exposeForTests('gallery', engine);

export interface GridEngineSetup {
  /** What the grid shows (a job id, or a fixed key such as 'trash'); undefined builds none yet. */
  contentKey: string | undefined;
  metrics: GridMetrics;
  /** The device class (texture pools) is read from it once, for the page's life. */
  breakpoint: Breakpoint;
  source: TimelineSource | null;
  /** A file's thumbnail at a SPEC §9 size; unset, the job `contentKey`'s thumbnails. */
  thumbnailUrl?: (fileId: string, size: number) => string;
  /**
   * Where the shift-select hint's last showing is kept: this browser (the default), or `null`
   * for the engine's memory only (the trash, which has always kept it so).
   */
  hintStore?: HintTimePort | null;
}

/** The older form of useGridEngine, for the pages not yet on GridPage. */
export function useGalleryEngine(
  jobId: string | undefined,
  metrics: GridMetrics,
  breakpoint: Breakpoint,
  source: TimelineSource | null,
): GalleryEngineState {
  return useGridEngine({ contentKey: jobId, metrics, breakpoint, source });
}

/**
 * A grid page's gallery engine: the gallery's hook with what the app supplies — thumbnail URLs
 * on the API's thumbnail host, the GPU's layer limit, where the shift-select hint is remembered,
 * and the engine published for tests. See gallery's useGalleryEngine.
 */
export function useGridEngine({
  contentKey,
  metrics,
  breakpoint,
  source,
  thumbnailUrl,
  hintStore = shiftHintStore,
}: GridEngineSetup): GalleryEngineState {
  const thumbnail = useMemo(
    () => thumbnailUrl ?? (contentKey ? mediaUrls(contentKey).thumbnail : () => ''),
    [thumbnailUrl, contentKey],
  );
  // The device class is fixed for the page's life: pools are allocated once.
  const [deviceClass] = useState(() => deviceClassFor(breakpoint));
  return useGallery({
    contentKey,
    metrics,
    deviceClass,
    source,
    thumbnailUrl: thumbnail,
    maxArrayTextureLayers: gpuLimits.maxArrayTextureLayers,
    hintStore: hintStore ?? undefined,
    expose: exposeEngine,
  });
}
