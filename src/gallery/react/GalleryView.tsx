import {
  memo,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '../../domain/constants';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { ContextMenuRequest } from '../engine/interaction/handlers';
import type { ItemPosition } from '../engine/selection/types';
import type { GridMetrics } from '../engine/types';
import { A11yGrid } from './A11yGrid';
import { ContextMenu, type GalleryMenuItem } from './ContextMenu';
import { GalleryCanvas } from './GalleryCanvas';
import { FastScroller } from './FastScroller';
import { registerGalleryElement } from './fileScreenRect';
import { SectionHeaders } from './SectionHeaders';
import { SelectionHintsView } from './SelectionHintsView';
import { useGalleryInput } from './useGalleryInput';
import { useGalleryThemeColors } from './useGalleryThemeColors';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import { useZoomAnimation } from './useZoomAnimation';
import { FileBadges, VideoBadges } from './VideoBadges';
import type { TileLabel } from './badgeFit';
import { VideoPreview } from './VideoPreview';
import './GalleryView.css';

export interface GalleryViewProps {
  engine: GalleryEngine;
  metrics: GridMetrics;
  /** Horizontal room left and right of the grid; the right one holds the fast scroller. */
  insets: { left: number; right: number };
  label: string;
  /** Enter, a click outside selection mode, a tap: the page opens the file. */
  onOpen?: (fileId: string, position: ItemPosition) => void;
  /** The Delete key; unset, Delete does nothing. */
  onDelete?: (fileIds: string[]) => void;
  /** The context menu's items for these files; unset, there is no menu. */
  contextMenuItems?: (fileIds: string[]) => GalleryMenuItem[];
  /** The URL of a video's content, for the hover preview; unset, no preview. */
  videoUrl?: (fileId: string) => string;
  /** TV layout (SPEC §2 1400 px breakpoint): focus-driven navigation that is never lost. */
  tv?: boolean;
  /**
   * A short label in the corner of each file's tile that has one (the trash's days left), or its
   * forms from the fullest to the shortest (the badge shows the fullest its tile has room for);
   * stable between renders (memoised), it is asked every frame for the visible files.
   */
  fileBadge?: (fileId: string) => TileLabel | null;
  /** A canvas that already has its WebGL2 context (see GalleryCanvas); unset, one is made. */
  takeCanvas?: () => HTMLCanvasElement | null;
}

interface OpenMenu {
  request: ContextMenuRequest;
  items: GalleryMenuItem[];
}

/**
 * The thin React side of the gallery: mounts the engine's canvas (frames on demand), forwards
 * pointer, wheel and keys to the engine's controllers, and hosts the DOM overlays (headers,
 * the accessible grid, video badges and preview, hints, the context menu, the fast scroller).
 * Zoom transitions scale the stage (a requestAnimationFrame tween) while the engine lays out anew. Nothing
 * per frame goes through React state. Memoised: a page re-rendering for its own reasons (the
 * viewer stepping through the URL) leaves the grid's subtree alone when its props hold still.
 */
export const GalleryView = memo(function GalleryView({
  engine,
  metrics,
  insets,
  label,
  onOpen,
  onDelete,
  contextMenuItems,
  videoUrl,
  tv = false,
  fileBadge,
  takeCanvas,
}: GalleryViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const { t, i18n } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  // The theme's background and tile placeholders (light or dark, src/app/theme.css).
  const themeColors = useGalleryThemeColors(engine);
  const zoom = useZoomAnimation(engine, stage, reducedMotion);
  useEffect(() => engine.setReducedMotion(reducedMotion), [engine, reducedMotion]);
  // The overlays (headers, badges, the accessible grid, the fast scroller, hints) mount after
  // the canvas' container, in a transition React renders in slices: one task mounted the page,
  // them all and (from its size read there) the renderer (issue 34.10: no task of ours over
  // 50 ms). They come a few tasks later; the canvas has no frame before its renderer either.
  const [overlays, setOverlays] = useState(false);
  useEffect(() => {
    startTransition(() => setOverlays(true));
  }, []);

  useLayoutEffect(() => {
    registerGalleryElement(engine, container.current);
    return () => registerGalleryElement(engine, null);
  }, [engine]);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (size.width === 0 || size.height === 0) return;
    engine.resize(size.width, size.height, window.devicePixelRatio || 1, metrics, insets);
  }, [engine, size, metrics, insets]);

  // The page's handlers, read through a ref so the engine keeps one stable handler object.
  const page = useRef({ onOpen, onDelete, contextMenuItems });
  useLayoutEffect(() => {
    page.current = { onOpen, onDelete, contextMenuItems };
  });
  const hasDelete = Boolean(onDelete);
  useEffect(() => {
    engine.setHandlers({
      onOpen: (fileId, position) => page.current.onOpen?.(fileId, position),
      onDelete: hasDelete ? (fileIds) => page.current.onDelete?.(fileIds) : undefined,
      onContextMenu: (request) => {
        const items = page.current.contextMenuItems?.(request.fileIds) ?? [];
        setMenu(items.length > 0 ? { request, items } : null);
      },
      onZoom: zoom.onZoom,
      onPinch: zoom.onPinch,
    });
    return () => engine.setHandlers({});
  }, [engine, hasDelete, zoom]);

  useGalleryInput(engine, container, stage, tv);

  const closeMenu = () => {
    setMenu(null);
    const focused = engine.focus.position;
    const grid = container.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]');
    (focused && grid ? grid : container.current)?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target !== event.currentTarget && !target.closest('[role="grid"]')) return;
    const handled = engine.keys.key({
      key: event.key,
      shift: event.shiftKey,
      mod: event.ctrlKey || event.metaKey,
      alt: event.altKey,
    });
    if (handled) event.preventDefault();
  };

  const bounds = useMemo(() => ({ width: size.width, height: size.height }), [size]);

  return (
    <div
      ref={container}
      className="gallery-view"
      tabIndex={-1}
      role="region"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid="gallery"
      lang={i18n.language.replace('_', '-')}
    >
      <div ref={stage} className="gallery-view__stage">
        <GalleryCanvas
          engine={engine}
          className="gallery-view__canvas"
          clearColor={themeColors.background}
          takeCanvas={takeCanvas}
        />
        {overlays ? (
          <>
            <SectionHeaders engine={engine} />
            <VideoBadges engine={engine} />
            {fileBadge ? <FileBadges engine={engine} labelOf={fileBadge} /> : null}
            {videoUrl ? <VideoPreview engine={engine} videoUrl={videoUrl} /> : null}
            <A11yGrid
              engine={engine}
              label={t('gallery.grid.label')}
              container={container}
              fileBadge={fileBadge}
            />
          </>
        ) : null}
      </div>
      {overlays ? (
        <>
          <FastScroller
            model={engine.fastScroll}
            scroll={engine.scroll}
            height={size.height}
            sideMargin={insets.right}
          />
          <SelectionHintsView engine={engine} />
        </>
      ) : null}
      {menu ? (
        <ContextMenu
          x={menu.request.x}
          y={menu.request.y}
          bounds={bounds}
          mobile={size.width < BREAKPOINTS.mobile}
          label={t('gallery.menu.label')}
          items={menu.items}
          onClose={closeMenu}
        />
      ) : null}
    </div>
  );
});
