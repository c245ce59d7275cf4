import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMELINE_CELLS } from '../../domain/constants';
import { dateFormat, LONG_DATE } from '../../domain/dateFormats';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { FileSelectionState } from '../engine/selection/types';
import { FILE_KIND } from '../engine/timeline/TimelineSource';
import { fullLabel, type TileLabel } from './badgeFit';
import { formatDuration } from './formatDuration';
import './GalleryView.css';

/** Rows on screen at the smallest zoom of a tall screen, with room to spare. */
export const ROW_POOL = 48;
/** SPEC §9 row cap: at most 8 items a row. */
export const CELLS_PER_ROW = TIMELINE_CELLS.rowCap;

interface Slot {
  section: number;
  item: number;
  label: string;
  selected: string;
  tabIndex: number;
  transform: string;
  /** The cell's width as last written (a tile may change width and keep its x). */
  width: number;
}

/**
 * The accessible grid over the canvas: role grid, one role row per visible row and a gridcell
 * per visible tile (aria-selected, a translated label with type and date, a roving tabindex),
 * for the visible tiles only. It is a fixed pool of elements rewritten after every frame from
 * the engine's visible tiles: no React render while scrolling. The cells are transparent; the
 * canvas draws the focus ring. DOM focus follows the engine's focus while it is in the grid.
 */
export function A11yGrid({
  engine,
  label,
  container,
  fileBadge,
}: {
  engine: GalleryEngine;
  label: string;
  /** The gallery element, which keeps DOM focus when no cell can have it. */
  container: RefObject<HTMLDivElement | null>;
  /** The page's label of a file's tile (GalleryView's fileBadge): read after the date. */
  fileBadge?: (fileId: string) => TileLabel | null;
}) {
  const root = useRef<HTMLDivElement>(null);
  const rows = useRef<(HTMLDivElement | null)[]>([]);
  const cells = useRef<(HTMLDivElement | null)[]>([]);
  const { t, i18n } = useTranslation();

  useEffect(() => {
    const grid = root.current;
    if (!grid) return undefined;
    const language = i18n.language;
    // Taken at the first label, not while the grid mounts (src/domain/dateFormats.ts).
    let dates: Intl.DateTimeFormat | null = null;
    const slots: Slot[] = Array.from({ length: ROW_POOL * CELLS_PER_ROW }, () => ({
      section: -1,
      item: -1,
      label: '',
      selected: '',
      tabIndex: -2,
      transform: '',
      width: -1,
    }));
    const rowShown = new Int32Array(ROW_POOL).fill(-1);
    const rowTransform: string[] = new Array<string>(ROW_POOL).fill('');
    const rowHeight = new Float64Array(ROW_POOL).fill(-1);
    const used = new Uint8Array(ROW_POOL);
    const perRow = new Uint8Array(ROW_POOL);
    let rowCount = '';

    // Scrolling moves tiles between cells every frame: format each file's label once, not per frame.
    const labels = new Map<string, string>();
    const labelFor = (section: number, item: number): string => {
      // Keyed by file id: a section that reloads may hold other files at the same positions.
      const key = engine.timeline.fileId(section, item);
      let label = labels.get(key);
      if (label === undefined) {
        label = describe(section, item);
        if (label === '') return label;
        if (labels.size >= 4096) labels.clear();
        labels.set(key, label);
      }
      return label;
    };
    const describe = (section: number, item: number): string => {
      const files = engine.timeline.sections[section]?.files;
      if (!files) return '';
      dates ??= dateFormat(language, LONG_DATE);
      const date = dates.format((files.times[item] ?? 0) * 1000);
      const kind = files.kinds[item];
      const what =
        kind === FILE_KIND.video
          ? t('gallery.grid.video', { date, duration: formatDuration(files.durations[item]) })
          : kind === FILE_KIND.screenshot
            ? t('gallery.grid.screenshot', { date })
            : t('gallery.grid.photo', { date });
      const badge = fileBadge?.(files.ids[item] ?? '');
      return badge ? `${what}, ${fullLabel(badge)}` : what;
    };

    const inGrid = (element: Element | null) =>
      !!element && (grid.contains(element) || element === container.current);

    const update = () => {
      const hadFocus = inGrid(document.activeElement);
      const { composer, focus } = engine;
      const tiles = composer.visibleTiles;
      const count = composer.visibleCount;
      const total = engine.timeline.totalRows();
      const nextRowCount = engine.timeline.sectionCount > 0 ? String(total) : '-1';
      if (nextRowCount !== rowCount) {
        rowCount = nextRowCount;
        grid.setAttribute('aria-rowcount', rowCount);
      }
      const focusOnScreen = composer.findVisible(focus.section, focus.item) !== null;
      let focusCell: HTMLDivElement | null = null;
      let firstCell: HTMLDivElement | null = null;
      let rowSlot = -1;
      let col = 0;
      let lastRow = -1;
      used.fill(0);
      for (let i = 0; i < count; i++) {
        const tile = tiles[i];
        if (tile.row !== lastRow) {
          lastRow = tile.row;
          rowSlot++;
          col = 0;
          if (rowSlot >= ROW_POOL) break;
          const row = rows.current[rowSlot];
          if (!row) continue;
          used[rowSlot] = 1;
          if (rowShown[rowSlot] !== tile.row) {
            rowShown[rowSlot] = tile.row;
            row.setAttribute('aria-rowindex', String(tile.row + 1));
            row.hidden = false;
          }
          const transform = `translate3d(0, ${tile.y}px, 0)`;
          if (rowTransform[rowSlot] !== transform) {
            rowTransform[rowSlot] = transform;
            row.style.transform = transform;
          }
          // Not only with the transform: a row at the same y may have another height (a
          // section laid out again, a resize), and its cells (the focus ring) with it.
          if (rowHeight[rowSlot] !== tile.h) {
            rowHeight[rowSlot] = tile.h;
            row.style.height = `${tile.h}px`;
          }
        } else {
          col++;
        }
        if (rowSlot >= ROW_POOL || col >= CELLS_PER_ROW) continue;
        const index = rowSlot * CELLS_PER_ROW + col;
        const cell = cells.current[index];
        if (!cell) continue;
        const slot = slots[index];
        // The file, not only its position: a swapped source (a filter) or a reloaded section
        // holds other files at the same positions.
        const fileId = engine.timeline.fileId(tile.section, tile.item);
        if (
          slot.section !== tile.section ||
          slot.item !== tile.item ||
          cell.dataset.file !== fileId ||
          cell.hidden
        ) {
          slot.section = tile.section;
          slot.item = tile.item;
          cell.hidden = false;
          cell.dataset.file = fileId;
          cell.setAttribute('aria-colindex', String(col + 1));
          const text = labelFor(tile.section, tile.item);
          if (text !== slot.label) {
            slot.label = text;
            cell.setAttribute('aria-label', text);
          }
        }
        const selected = tile.state === FileSelectionState.Selected ? 'true' : 'false';
        if (selected !== slot.selected) {
          slot.selected = selected;
          cell.setAttribute('aria-selected', selected);
        }
        const transform = `translate3d(${tile.x}px, 0, 0)`;
        if (transform !== slot.transform) {
          slot.transform = transform;
          cell.style.transform = transform;
        }
        // Each row's first cell keeps x = 0 from screen to screen: its width is its own check
        // (issue 34.10: after PageDowns at 3840 px the focus ring kept an earlier tile's width).
        if (tile.w !== slot.width) {
          slot.width = tile.w;
          cell.style.width = `${tile.w}px`;
        }
        const isFocus = focus.is(tile.section, tile.item);
        if (isFocus) focusCell = cell;
        if (!firstCell) firstCell = cell;
        const tabIndex = isFocus || (!focusOnScreen && cell === firstCell) ? 0 : -1;
        if (tabIndex !== slot.tabIndex) {
          slot.tabIndex = tabIndex;
          cell.tabIndex = tabIndex;
        }
      }
      // Hide what this frame did not use: whole rows, and cells past each row's end.
      for (let r = 0; r < ROW_POOL; r++) {
        const row = rows.current[r];
        if (!row) continue;
        if (!used[r]) {
          if (rowShown[r] !== -1) {
            rowShown[r] = -1;
            row.hidden = true;
          }
        }
      }
      hideUnusedCells(tiles, count);
      grid.setAttribute('aria-busy', count === 0 ? 'true' : 'false');
      // Keyboard (or remote) focus, or a focus that must stay: the DOM focus follows it.
      if (hadFocus && (focus.active || focus.visible)) {
        const target = focusCell ?? firstCell ?? container.current;
        if (target && document.activeElement !== target) target.focus({ preventScroll: true });
      }
    };

    /** Cells of a row past the tiles it shows this frame. */
    const hideUnusedCells = (tiles: GalleryEngine['composer']['visibleTiles'], count: number) => {
      perRow.fill(0);
      let rowSlot = -1;
      let lastRow = -1;
      for (let i = 0; i < count; i++) {
        if (tiles[i].row !== lastRow) {
          lastRow = tiles[i].row;
          rowSlot++;
          if (rowSlot >= ROW_POOL) break;
        }
        perRow[rowSlot] = Math.min(CELLS_PER_ROW, perRow[rowSlot] + 1);
      }
      for (let r = 0; r < ROW_POOL; r++) {
        for (let c = perRow[r]; c < CELLS_PER_ROW; c++) {
          const index = r * CELLS_PER_ROW + c;
          const cell = cells.current[index];
          if (cell && !cell.hidden) {
            cell.hidden = true;
            slots[index].section = -1;
            slots[index].tabIndex = -2;
            cell.tabIndex = -1;
          }
        }
      }
    };

    update();
    return engine.onFrame(update);
  }, [engine, t, i18n.language, container, fileBadge]);

  useEffect(() => {
    const grid = root.current;
    if (!grid) return undefined;
    const focusIn = (event: FocusEvent) => {
      const cell = (event.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
      engine.focus.setActive(true);
      if (!cell) return;
      const tiles = engine.composer;
      // The cell's tile: find it among the visible ones by its file id.
      for (let i = 0; i < tiles.visibleCount; i++) {
        const tile = tiles.visibleTiles[i];
        if (engine.timeline.fileId(tile.section, tile.item) === cell.dataset.file) {
          if (!engine.focus.is(tile.section, tile.item)) {
            engine.focus.set({ section: tile.section, item: tile.item }, true);
          }
          break;
        }
      }
    };
    const focusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Element | null;
      if (next && (grid.contains(next) || next === container.current)) return;
      // A TV remote has nowhere else to go: its focus stays active.
      if (container.current?.dataset.focusMode === 'tv') return;
      engine.focus.setActive(false);
      engine.focus.setVisible(false);
    };
    grid.addEventListener('focusin', focusIn);
    grid.addEventListener('focusout', focusOut);
    return () => {
      grid.removeEventListener('focusin', focusIn);
      grid.removeEventListener('focusout', focusOut);
    };
  }, [engine, container]);

  return (
    <div
      ref={root}
      role="grid"
      aria-label={label}
      aria-multiselectable="true"
      aria-rowcount={-1}
      className="gallery-grid"
      data-testid="gallery-grid"
    >
      {Array.from({ length: ROW_POOL }, (_, r) => (
        <div
          key={r}
          role="row"
          hidden
          className="gallery-grid__row"
          ref={(element) => {
            rows.current[r] = element;
          }}
        >
          {Array.from({ length: CELLS_PER_ROW }, (_, c) => (
            <div
              key={c}
              role="gridcell"
              hidden
              tabIndex={-1}
              aria-selected="false"
              className="gallery-grid__cell"
              ref={(element) => {
                cells.current[r * CELLS_PER_ROW + c] = element;
              }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
