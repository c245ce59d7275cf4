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
    // A text's width as a badge, measured once (a layout read only for a text not seen yet).
    const widths = new Map<string, number>();
    const measure = (label: string) => {
      let width = widths.get(label);
      if (width === undefined) {
        const probe = measurer.current;
        if (!probe) return 0;
        probe.textContent = label;
        width = probe.getBoundingClientRect().width;
        widths.set(label, width);
      }
      return width;
    };
    const update = () => {
      const { composer } = engine;
      let used = 0;
      for (let i = 0; i < composer.visibleCount && used < BADGE_POOL; i++) {
        const tile = composer.visibleTiles[i];
        const label = text(tile);
        if (label === null) continue;
        const badge = pool.current[used];
        if (!badge) break;
        const room = Math.max(0, tile.w - 2 * BADGE_MARGIN_PX);
        const { text: fitted, fits } = fitLabel(label, room, measure);
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
