import { useCallback, useEffect, useRef, useState } from 'react';
import type { ThumbnailSize } from '../../domain/constants';
import { GalleryEngine } from '../engine/GalleryEngine';
import { WorkerLayoutEngine, type LayoutEngine } from '../engine/layout/LayoutEngine';
import type { HintTimePort } from '../engine/selection';
import {
  poolSizesFor,
  TEXTURE_BUDGETS,
  TIER_THUMBNAIL_SIZE,
  WorkerThumbnailLoader,
  type DeviceClass,
  type ThumbnailLoader,
} from '../engine/texture';
import type { TimelineSource } from '../engine/timeline/TimelineSource';
import type { GridMetrics } from '../engine/types';

/** Where a page's grid is: loading its sections, showing them, empty, or failed to load. */
export type GalleryLoad = 'loading' | 'ready' | 'empty' | 'error';

export interface GalleryEngineSetup {
  /**
   * What the grid shows, e.g. a job id: a new key builds a new engine (with its workers), and
   * undefined builds none yet (the job is not known).
   */
  contentKey: string | undefined;
  /** The breakpoint's metrics the engine starts with; GalleryView applies later changes. */
  metrics: GridMetrics;
  /** Sizes the texture pools; fixed for the engine's life (pools are allocated once). */
  deviceClass: DeviceClass;
  /** The sections to show; null while not known yet (e.g. recents loading). Swapped in place. */
  source: TimelineSource | null;
  /**
   * The URL of a file's thumbnail at a SPEC §9 size (256 or 1280), read when the engine is
   * built: build any expensive part (the host, the token) once per content key.
   */
  thumbnailUrl: (fileId: string, size: ThumbnailSize) => string;
  /** The context's MAX_ARRAY_TEXTURE_LAYERS, when the page knows it; pools fit under it. */
  maxArrayTextureLayers?: number;
  /** Where the shift-select hint's last showing is kept; in memory when unset. */
  hintStore?: HintTimePort;
  /** SPEC §5 "Photo selection max" (pickers). */
  selectionMaximum?: number | null;
  /** Publishes the engine for tests and benchmarks (test builds); returns the undo. */
  expose?: (engine: GalleryEngine) => () => void;
  /** Stands in for the decode worker (tests); built with the engine, disposed with it. */
  createLoader?: () => ThumbnailLoader & { dispose?: () => void };
  /** Stands in for the layout worker (tests); built with the engine, disposed with it. */
  createLayout?: () => LayoutEngine & { dispose?: () => void };
}

export interface GalleryEngineState {
  /** The engine, once built for the content key; null before and between keys. */
  engine: GalleryEngine | null;
  load: GalleryLoad;
  /** Builds the engine again after a failure. */
  reload: () => void;
  /** Adopts the source's fresh sections in place (live changes, a restore): engine.refresh. */
  refresh: () => Promise<void>;
}

/**
 * A page's gallery engine: built with its workers for `contentKey`, fed the sections of
 * `source` (swapped when it changes), disposed when the key changes or the page unmounts.
 * Everything app-specific (the API's thumbnail URLs, test hooks, GPU limits, where hints are
 * stored) comes in through `setup`, so the gallery imports nothing of the app.
 */
export function useGalleryEngine(setup: GalleryEngineSetup): GalleryEngineState {
  const { contentKey, deviceClass, source } = setup;
  const [engine, setEngine] = useState<GalleryEngine | null>(null);
  const [load, setLoad] = useState<GalleryLoad>('loading');
  const [attempt, setAttempt] = useState(0);
  // Read when an engine is built: the other fields change nothing of a running engine.
  const latest = useRef(setup);
  useEffect(() => {
    latest.current = setup;
  });

  useEffect(() => {
    if (!contentKey) return undefined;
    const options = latest.current;
    const loader =
      options.createLoader?.() ??
      new WorkerThumbnailLoader({
        urlFor: (fileId, tier) => options.thumbnailUrl(fileId, TIER_THUMBNAIL_SIZE[tier]),
      });
    const layout = options.createLayout?.() ?? new WorkerLayoutEngine();
    const created = new GalleryEngine({
      source: EMPTY_SOURCE,
      layout,
      loader,
      metrics: options.metrics,
      pools: poolSizesFor(TEXTURE_BUDGETS[deviceClass], options.maxArrayTextureLayers),
      hintStore: options.hintStore,
      selectionMaximum: options.selectionMaximum,
      // A device with only coarse pointers (a phone) has no Shift key to hint at.
      shiftSelectAvailable: window.matchMedia?.('(any-pointer: fine)').matches ?? true,
    });
    setEngine(created);
    const unexpose = options.expose?.(created) ?? (() => undefined);
    return () => {
      unexpose();
      created.dispose();
      layout.dispose?.();
      loader.dispose?.();
      setEngine(null);
    };
  }, [contentKey, deviceClass, attempt]);

  useEffect(() => {
    if (!engine) return undefined;
    setLoad('loading');
    if (!source) return undefined;
    const controller = new AbortController();
    engine
      .setSource(source, controller.signal)
      .then(() => {
        if (!controller.signal.aborted) setLoad(loadOf(engine));
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad('error');
      });
    return () => controller.abort();
  }, [engine, source]);

  const refresh = useCallback(async (): Promise<void> => {
    if (!engine) return;
    await engine.refresh();
    // A grid shown (or shown empty) follows what the refresh found; loading or failed stays.
    setLoad((old) => (old === 'ready' || old === 'empty' ? loadOf(engine) : old));
  }, [engine]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { engine, load, reload, refresh };
}

const EMPTY_SOURCE: TimelineSource = {
  sections: () => Promise.resolve([]),
  files: () => Promise.reject(new Error('no files in an empty source')),
};

function loadOf(engine: GalleryEngine): GalleryLoad {
  return engine.timeline.sectionCount > 0 ? 'ready' : 'empty';
}
