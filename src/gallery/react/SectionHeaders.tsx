import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { monthFormatter } from './monthLabel';

/** More than can ever be on screen at once: the smallest section is a header and a gap. */
const POOL_SIZE = 24;

/**
 * Month headers are DOM text (selectable, translatable, read by screen readers), positioned
 * from the model after every frame by writing to a fixed pool of elements: no React render.
 */
export function SectionHeaders({ engine }: { engine: GalleryEngine }) {
  const pool = useRef<(HTMLHeadingElement | null)[]>([]);
  const { i18n } = useTranslation();
  const format = useMemo(() => monthFormatter(i18n.language), [i18n.language]);

  useEffect(() => {
    const labels = new Map<number, string>();
    const shown: number[] = new Array<number>(POOL_SIZE).fill(-1);
    const update = () => {
      const sections = engine.visibleSections;
      const timeline = engine.timeline;
      for (let slot = 0; slot < POOL_SIZE; slot++) {
        const element = pool.current[slot];
        if (!element) continue;
        const visible = sections[slot];
        if (!visible) {
          if (shown[slot] !== -1) {
            element.hidden = true;
            shown[slot] = -1;
          }
          continue;
        }
        if (shown[slot] !== visible.index) {
          let label = labels.get(visible.index);
          if (label === undefined) {
            label = format(
              timeline.sectionYear(visible.index),
              timeline.sectionMonth(visible.index),
            );
            labels.set(visible.index, label);
          }
          element.textContent = label;
          element.hidden = false;
          shown[slot] = visible.index;
        }
        element.style.transform = `translate3d(${engine.gridLeft}px, ${visible.y}px, 0)`;
      }
    };
    update();
    return engine.onFrame(update);
  }, [engine, format]);

  return (
    <div className="gallery-headers" aria-hidden="false">
      {Array.from({ length: POOL_SIZE }, (_, slot) => (
        <h2
          key={slot}
          hidden
          className="gallery-headers__header"
          ref={(element) => {
            pool.current[slot] = element;
          }}
        />
      ))}
    </div>
  );
}
