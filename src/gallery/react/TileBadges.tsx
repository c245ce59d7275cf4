import { useEffect, useRef } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { VisibleTile } from '../engine/render/TileComposer';
import { fitLabel, type TileLabel } from './badgeFit';
import './GalleryView.css';

/** More badged tiles than a screen shows at once. */
const BADGE_POOL = 96;
const BADGE_MARGIN_PX = 6;

export type BadgeCorner = 'top-right' | 'bottom-left';

/**
 * Small DOM labels over the visible tiles that have one (`text` answers null for the others):
 * a pool of elements placed after every frame, nothing through React state. Hidden from screen
 * readers (aria-hidden): what a badge says belongs in the grid cell's label. A badge stays inside
 * its tile: of the label's forms it shows the fullest that fits (each text measured once), and
 * clips the shortest when none does.
 */
export function TileBadges({
  engine,
  text,
  corner,
  className,
}: {
  engine: GalleryEngine;
  text: (tile: VisibleTile) => TileLabel | null;
  corner: BadgeCorner;
  className: string;
}) {
  const pool = useRef<(HTMLSpanElement | null)[]>([]);
  const measurer = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const shown: string[] = new Array<string>(BADGE_POOL).fill('');
    const limits: string[] = new Array<string>(BADGE_POOL).fill('');
    // A text's width as a badge, measured once. Measured by the canvas' text metrics in the
    // badge's font (no layout: a fling over the trash meets new day counts every few rows, and
    // each read of the DOM's layout forced one of the whole page), plus the badge's padding and
    // border; where there is no canvas (jsdom), the texts a frame meets for the first time are
    // measured together in the DOM before the frame writes anything.
    const widths = new Map<string, number>();
    let metrics: { context: OffscreenCanvasRenderingContext2D; extra: number } | null | undefined;
    const canvasMetrics = (probe: HTMLSpanElement) => {
      if (typeof OffscreenCanvas === 'undefined') return null;
      const context = new OffscreenCanvas(1, 1).getContext('2d');
      if (!context) return null;
      const style = getComputedStyle(probe);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      if (style.letterSpacing !== 'normal') context.letterSpacing = style.letterSpacing;
      const px = (value: string) => Number.parseFloat(value) || 0;
      const extra =
        px(style.paddingLeft) +
        px(style.paddingRight) +
        px(style.borderLeftWidth) +
        px(style.borderRightWidth);
      return { context, extra };
    };
    const measureNew = (texts: readonly string[]) => {
      const probe = measurer.current;
      if (!probe?.parentNode) return;
      if (metrics === undefined) metrics = canvasMetrics(probe);
      if (metrics) {
        for (const label of texts) {
          // Up to the layout's 1/64 px, as the DOM's width would be.
          const width = metrics.context.measureText(label).width + metrics.extra;
          widths.set(label, Math.ceil(width * 64) / 64);
        }
        return;
      }
      const probes = texts.map((label) => {
        const copy = probe.cloneNode() as HTMLSpanElement;
        copy.textContent = label;
        probe.parentNode!.appendChild(copy);
        return copy;
      });
      for (const [i, copy] of probes.entries()) {
        widths.set(texts[i], copy.getBoundingClientRect().width);
        copy.remove();
      }
    };
    const measure = (label: string) => widths.get(label) ?? 0;
    // Kept across frames: this runs after every frame the engine draws.
    const tiles: VisibleTile[] = [];
    const labels: TileLabel[] = [];
    const unseen = new Set<string>();
    const noteUnseen = (form: string) => {
      if (!widths.has(form)) unseen.add(form);
    };
    const update = () => {
      const { composer } = engine;
      tiles.length = labels.length = 0;
      for (let i = 0; i < composer.visibleCount && tiles.length < BADGE_POOL; i++) {
        const tile = composer.visibleTiles[i];
        const label = text(tile);
        if (label === null) continue;
        tiles.push(tile);
        labels.push(label);
        if (typeof label === 'string') noteUnseen(label);
        else label.forEach(noteUnseen);
      }
      if (unseen.size > 0) {
        measureNew([...unseen]);
        unseen.clear();
      }
      let used = 0;
      for (const [i, tile] of tiles.entries()) {
        const badge = pool.current[used];
        if (!badge) break;
        const room = Math.max(0, tile.w - 2 * BADGE_MARGIN_PX);
        const { text: fitted, fits } = fitLabel(labels[i], room, measure);
        if (shown[used] !== fitted) {
          shown[used] = fitted;
          badge.textContent = fitted;
        }
        const limit = fits ? '' : `${room}px`;
        if (limits[used] !== limit) {
          limits[used] = limit;
          badge.style.maxWidth = limit;
        }
        badge.hidden = false;
        badge.style.transform =
          corner === 'top-right'
            ? `translate3d(${tile.x + tile.w - BADGE_MARGIN_PX}px, ${tile.y + BADGE_MARGIN_PX}px, 0) translateX(-100%)`
            : `translate3d(${tile.x + BADGE_MARGIN_PX}px, ${tile.y + tile.h - BADGE_MARGIN_PX}px, 0) translateY(-100%)`;
        used++;
      }
      for (let i = used; i < BADGE_POOL; i++) {
        const badge = pool.current[i];
        if (badge && !badge.hidden) badge.hidden = true;
      }
    };
    update();
    return engine.onFrame(update);
  }, [engine, text, corner]);

  return (
    <div className="gallery-badges" aria-hidden="true">
      {/* Styled as a badge, without the page's modifier: no selector of shown badges finds it. */}
      <span ref={measurer} className="gallery-badges__badge gallery-badges__measure" />
      {Array.from({ length: BADGE_POOL }, (_, i) => (
        <span
          key={i}
          hidden
          className={className}
          ref={(element) => {
            pool.current[i] = element;
          }}
        />
      ))}
    </div>
  );
}
