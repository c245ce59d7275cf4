// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { createRef, type RefObject } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { DESKTOP_METRICS } from '../engine/gridMetrics';
import { createTestEngine, TEST_HEIGHT, TEST_WIDTH } from '../engine/testEngine';
import { A11yGrid } from './A11yGrid';
import { ContextMenu } from './ContextMenu';

let i18nInstance: i18n;

beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
});

afterEach(() => cleanup());

/** The grid inside a focusable container, as the page mounts it; the container. */
function renderGrid(engine: GalleryEngine): RefObject<HTMLDivElement | null> {
  const container = createRef<HTMLDivElement>();
  render(
    <I18nextProvider i18n={i18nInstance}>
      <div ref={container} tabIndex={-1}>
        <A11yGrid engine={engine} label="Photos" container={container} />
      </div>
    </I18nextProvider>,
  );
  return container;
}

describe('A11yGrid', () => {
  it(
    'mirrors the visible tiles as rows and labelled, selectable cells with one tab stop',
    { timeout: 20_000 },
    async () => {
      const { engine, frame } = await createTestEngine([12, 12]);
      renderGrid(engine);
      act(() => {
        engine.selection.set(0, 1, true);
        frame();
      });
      const grid = screen.getByRole('grid', { name: 'Photos' });
      const rows = screen.getAllByRole('row');
      expect(rows[0].getAttribute('aria-rowindex')).toBe('1');
      expect(Number(grid.getAttribute('aria-rowcount'))).toBeGreaterThanOrEqual(6);
      const cells = screen.getAllByRole('gridcell');
      expect(cells[0].getAttribute('aria-label')).toBe('Photo, December 14, 2024');
      expect(cells[4].getAttribute('aria-label')).toBe('Video, December 14, 2024, duration 1:15');
      expect(cells[1].getAttribute('aria-selected')).toBe('true');
      expect(cells[0].getAttribute('aria-selected')).toBe('false');
      expect(cells.filter((c) => c.tabIndex === 0)).toEqual([cells[0]]);
      // Focusing a cell moves the engine's focus there; keys then move it and the DOM follows.
      act(() => cells[2].focus());
      expect(engine.focus.position).toEqual({ section: 0, item: 2 });
      expect(engine.focus.active).toBe(true);
      act(() => {
        engine.keys.key({ key: 'ArrowRight', shift: false, mod: false, alt: false });
        frame();
      });
      expect(document.activeElement?.getAttribute('data-file')).toBe('2024-12:3');
      expect(cells.filter((c) => c.tabIndex === 0)).toEqual([document.activeElement]);
    },
  );
});

describe("A11yGrid cells keep their tiles' geometry (issue 34.10: the focus ring at 3840 px)", () => {
  it("gives a cell its tile's width and a row its height though the cell's x stays", async () => {
    const { engine, frame, settle } = await createTestEngine([40, 40]);
    const container = renderGrid(engine);
    /** Every shown cell and row against the tile it stands for. */
    const mismatches = () => {
      const wrong: string[] = [];
      for (let i = 0; i < engine.composer.visibleCount; i++) {
        const tile = engine.composer.visibleTiles[i];
        const cell = container.current!.querySelector<HTMLElement>(
          `[data-file="${engine.timeline.fileId(tile.section, tile.item)}"]`,
        );
        if (!cell) continue;
        if (cell.style.width !== `${tile.w}px`) wrong.push(`width ${cell.style.width} ≠ ${tile.w}`);
        const row = cell.parentElement!;
        if (row.style.height !== `${tile.h}px`)
          wrong.push(`height ${row.style.height} ≠ ${tile.h}`);
      }
      return wrong;
    };
    act(() => {
      frame();
    });
    // The composer's tiles are pooled objects: their values, not the objects, are kept.
    const before = { ...engine.composer.visibleTiles[0] };
    expect(before.x).toBe(0);
    expect(mismatches()).toEqual([]);
    // Smaller cells: the first tile of the first row stays at x 0 and y 0 with another size.
    await act(async () => {
      engine.resize(TEST_WIDTH, TEST_HEIGHT, 1, { ...DESKTOP_METRICS, targetRowHeight: 70 });
      await settle();
      frame();
    });
    const after = engine.composer.visibleTiles[0];
    expect(after.x).toBe(0);
    expect(after.w).not.toBe(before.w);
    expect(engine.composer.visibleCount).toBeGreaterThan(0);
    expect(mismatches()).toEqual([]);
  });
});

describe('ContextMenu', () => {
  it('is a keyboard menu: first item focused, arrows move, Enter chooses, Escape closes', () => {
    const open = vi.fn();
    const select = vi.fn();
    const onClose = vi.fn();
    render(
      <ContextMenu
        x={10}
        y={10}
        bounds={{ width: 500, height: 500 }}
        mobile={false}
        label="File actions"
        items={[
          { id: 'open', label: 'Open', onSelect: open },
          { id: 'select', label: 'Select', onSelect: select },
        ]}
        onClose={onClose}
      />,
    );
    const menu = screen.getByRole('menu', { name: 'File actions' });
    const [first, second] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(menu, { key: 'End' });
    fireEvent.click(document.activeElement!);
    expect(select).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(open).not.toHaveBeenCalled();
  });
});
