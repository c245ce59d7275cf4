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
    // A text's width as a badge, measured once. The texts a frame meets for the first time are
    // measured together before the frame writes anything: one layout read for all of them, not a
    // forced layout per new text between the badges' writes (a fling over the trash meets a new
    // day count every few rows).
    const widths = new Map<string, number>();
    const measureNew = (texts: readonly string[]) => {
      const probe = measurer.current;
      if (!probe?.parentNode) return;
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
    const tiles: VisibleTile[] = [];
    const labels: TileLabel[] = [];
    const update = () => {
      const { composer } = engine;
      tiles.length = labels.length = 0;
      const unseen = new Set<string>();
      for (let i = 0; i < composer.visibleCount && tiles.length < BADGE_POOL; i++) {
        const tile = composer.visibleTiles[i];
        const label = text(tile);
        if (label === null) continue;
        tiles.push(tile);
        labels.push(label);
        for (const form of typeof label === 'string' ? [label] : label) {
          if (!widths.has(form)) unseen.add(form);
        }
      }
      if (unseen.size > 0) measureNew([...unseen]);
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
