import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { GroupSelectionStatus } from '../engine/selection/types';
import { monthFormatter } from './monthLabel';
import './GalleryView.css';

/**
 * Header elements: enough for a screen of ordinary months at first (every element costs the
 * first render), grown when more are on screen — sparse months packed side by side in bands
 * (packing.ts) on a tall screen — up to more than can ever be on screen at once.
 */
const FIRST_POOL = 16;
const MAX_POOL = 128;

const CHECKED: Record<GroupSelectionStatus, string> = {
  'all-selected': 'true',
  'none-selected': 'false',
  partial: 'mixed',
};

/**
 * Month headers are DOM text (selectable, translatable, read by screen readers), positioned
 * from the model after every frame by writing to a fixed pool of elements: no React render.
 * Each has a check box that selects or clears its whole section (SPEC: a group header selects
 * or clears its whole day/month); it shows in selection mode, or on hover and focus.
 */
export function SectionHeaders({ engine }: { engine: GalleryEngine }) {
  const pool = useRef<(HTMLHeadingElement | null)[]>([]);
  const checks = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = useRef<number[]>(new Array<number>(MAX_POOL).fill(-1));
  /** What each slot shows: the section's key, so a swapped source (a filter) relabels it. */
  const shownKeys = useRef<string[]>(new Array<string>(MAX_POOL).fill(''));
  const [poolSize, setPoolSize] = useState(FIRST_POOL);
  const root = useRef<HTMLDivElement>(null);
  const { t, i18n } = useTranslation();
  const format = useMemo(() => monthFormatter(i18n.language), [i18n.language]);

  useEffect(() => {
    // By year and month, never by section index: a filter or a live change renumbers sections.
    const labels = new Map<number, string>();
    const checked: string[] = new Array<string>(poolSize).fill('');
    const slots = shown.current;
    const slotKeys = shownKeys.current;
    slots.fill(-1);
    slotKeys.fill('');
    let mode = '';
    let headerPx = 0;
    const update = () => {
      const sections = engine.visibleSections;
      // The header is as tall as the grid's (it grows on a very wide grid: gridMetrics.ts).
      const height = engine.timeline.currentMetrics.headerHeight;
      if (root.current && headerPx !== height) {
        headerPx = height;
        root.current.style.setProperty('--gallery-header-height', `${height}px`);
      }
      if (sections.length > poolSize && poolSize < MAX_POOL) {
        setPoolSize(Math.min(MAX_POOL, Math.max(poolSize * 2, sections.length)));
      }
      const { timeline, selection } = engine;
      const selectionMode = selection.selectionMode ? 'true' : 'false';
      if (root.current && mode !== selectionMode) {
        mode = selectionMode;
        root.current.dataset.selectionMode = selectionMode;
      }
      for (let slot = 0; slot < poolSize; slot++) {
        const element = pool.current[slot];
        const check = checks.current[slot];
        if (!element || !check) continue;
        const visible = sections[slot];
        if (!visible) {
          if (slots[slot] !== -1) {
            element.hidden = true;
            check.hidden = true;
            slots[slot] = -1;
            slotKeys[slot] = '';
          }
          continue;
        }
        const year = timeline.sectionYear(visible.index);
        const month = timeline.sectionMonth(visible.index);
        const own = timeline.sections[visible.index]?.descriptor.label;
        const width = timeline.sectionWidth(visible.index);
        const key = `${visible.index}:${year}-${month}:${own ?? ''}:${width}`;
        if (slotKeys[slot] !== key) {
          slotKeys[slot] = key;
          let label = own ?? labels.get(year * 12 + month);
          if (label === undefined) {
            label = format(year, month);
            labels.set(year * 12 + month, label);
          }
          element.textContent = label;
          // A packed month's header stays over its own box (packing.ts).
          element.style.maxWidth = `${width}px`;
          element.hidden = false;
          check.hidden = false;
          check.setAttribute('aria-label', t('gallery.header.select', { month: label }));
          check.dataset.section = String(visible.index);
          slots[slot] = visible.index;
        }
        const status = CHECKED[selection.groupStatus(visible.index)];
        if (checked[slot] !== status) {
          checked[slot] = status;
          check.setAttribute('aria-checked', status);
        }
        const transform = `translate3d(${engine.gridLeft + visible.x}px, ${visible.y}px, 0)`;
        element.style.transform = transform;
        check.style.transform = transform;
      }
    };
    update();
    return engine.onFrame(update);
  }, [engine, format, t, poolSize]);

  const toggle = (slot: number) => {
    const index = shown.current[slot];
    if (index < 0) return;
    const all = engine.selection.groupStatus(index) === 'all-selected';
    engine.selection.selectSection(index, !all);
  };

  return (
    <div ref={root} className="gallery-headers">
      {Array.from({ length: poolSize }, (_, slot) => (
        <div key={slot} className="gallery-headers__slot">
          <button
            type="button"
            role="checkbox"
            aria-checked="false"
            hidden
            className="gallery-headers__check"
            data-testid="section-check"
            onClick={() => toggle(slot)}
            onPointerDown={(event) => event.stopPropagation()}
            ref={(element) => {
              checks.current[slot] = element;
            }}
          />
          <h2
            hidden
            className="gallery-headers__header"
            ref={(element) => {
              pool.current[slot] = element;
            }}
          />
        </div>
      ))}
    </div>
  );
}
