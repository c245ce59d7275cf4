import { useEffect, useRef } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { FILE_KIND } from '../engine/timeline/TimelineSource';
import { formatDuration } from './formatDuration';

/** More video tiles than a screen shows at once. */
const BADGE_POOL = 96;
const BADGE_MARGIN_PX = 6;

/**
 * Duration badges over the visible video tiles: a pool of DOM labels placed after every frame.
 * Screen readers get the duration from the grid cell's label, so the badges are hidden from
 * them (aria-hidden) instead of being read twice.
 */
export function VideoBadges({ engine }: { engine: GalleryEngine }) {
  const pool = useRef<(HTMLSpanElement | null)[]>([]);

  useEffect(() => {
    const shown: string[] = new Array<string>(BADGE_POOL).fill('');
    const update = () => {
      const { composer, timeline } = engine;
      let used = 0;
      for (let i = 0; i < composer.visibleCount && used < BADGE_POOL; i++) {
        const tile = composer.visibleTiles[i];
        if (tile.kind !== FILE_KIND.video) continue;
        const badge = pool.current[used];
        if (!badge) break;
        const files = timeline.sections[tile.section]?.files;
        const text = formatDuration(files?.durations[tile.item] ?? 0);
        if (shown[used] !== text) {
          shown[used] = text;
          badge.textContent = text;
        }
        badge.hidden = false;
        badge.style.transform = `translate3d(${tile.x + tile.w - BADGE_MARGIN_PX}px, ${tile.y + BADGE_MARGIN_PX}px, 0) translateX(-100%)`;
        used++;
      }
      for (let i = used; i < BADGE_POOL; i++) {
        const badge = pool.current[i];
        if (badge && !badge.hidden) badge.hidden = true;
      }
    };
    update();
    return engine.onFrame(update);
  }, [engine]);

  return (
    <div className="gallery-badges" aria-hidden="true">
      {Array.from({ length: BADGE_POOL }, (_, i) => (
        <span
          key={i}
          hidden
          className="gallery-badges__badge"
          ref={(element) => {
            pool.current[i] = element;
          }}
        />
      ))}
    </div>
  );
}
