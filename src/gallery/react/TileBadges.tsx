import { useEffect, useRef } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { VisibleTile } from '../engine/render/TileComposer';
import './GalleryView.css';

/** More badged tiles than a screen shows at once. */
const BADGE_POOL = 96;
const BADGE_MARGIN_PX = 6;

export type BadgeCorner = 'top-right' | 'bottom-left';

/**
 * Small DOM labels over the visible tiles that have one (`text` answers null for the others):
 * a pool of elements placed after every frame, nothing through React state. Hidden from screen
 * readers (aria-hidden): what a badge says belongs in the grid cell's label.
 */
export function TileBadges({
  engine,
  text,
  corner,
  className,
}: {
  engine: GalleryEngine;
  text: (tile: VisibleTile) => string | null;
  corner: BadgeCorner;
  className: string;
}) {
  const pool = useRef<(HTMLSpanElement | null)[]>([]);

  useEffect(() => {
    const shown: string[] = new Array<string>(BADGE_POOL).fill('');
    const update = () => {
      const { composer } = engine;
      let used = 0;
      for (let i = 0; i < composer.visibleCount && used < BADGE_POOL; i++) {
        const tile = composer.visibleTiles[i];
        const label = text(tile);
        if (label === null) continue;
        const badge = pool.current[used];
        if (!badge) break;
        if (shown[used] !== label) {
          shown[used] = label;
          badge.textContent = label;
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
