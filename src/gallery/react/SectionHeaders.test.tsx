// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { createRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { DESKTOP_METRICS } from '../engine/gridMetrics';
import { createTestEngine, testDescriptors, testFiles } from '../engine/testEngine';
import { flush } from '../engine/texture/testing';
import type { TimelineSource } from '../engine/timeline/TimelineSource';
import { A11yGrid } from './A11yGrid';
import { SectionHeaders } from './SectionHeaders';

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
});
afterEach(() => cleanup());

/** The library under a filter: its newest month holds nothing the filter keeps. */
function withoutNewestMonth(sizes: readonly number[]): TimelineSource {
  const kept = testDescriptors(sizes).slice(1);
  return {
    sections: () => Promise.resolve(kept),
    files: (section) => Promise.resolve(testFiles(section)),
  };
}

describe('a swapped source (a filter) relabels what shows (issue 20 fault 1)', () => {
  it(
    'names the month of the files under each header, and describes the files now there',
    {
      timeout: 20_000,
    },
    async () => {
      const sizes = [3, 3, 3];
      const { engine, frame, settle } = await createTestEngine(sizes);
      const container = createRef<HTMLDivElement>();
      const view = render(
        <I18nextProvider i18n={i18nInstance}>
          <div ref={container} tabIndex={-1}>
            <SectionHeaders engine={engine} />
            <A11yGrid engine={engine} label="Photos" container={container} />
          </div>
        </I18nextProvider>,
      );
      act(() => {
        frame();
      });
      const headers = () =>
        [...view.container.querySelectorAll<HTMLElement>('.gallery-headers__header')]
          .filter((h) => !h.hidden)
          .map((h) => h.textContent);
      const firstCell = () => view.container.querySelector<HTMLElement>('[role="gridcell"]')!;
      expect(headers()[0]).toBe('December 2024');
      expect(firstCell().dataset.file).toBe('2024-12:0');

      await act(async () => {
        await engine.setSource(withoutNewestMonth(sizes), new AbortController().signal);
        await flush();
        await settle();
      });
      expect(headers()[0]).toBe('November 2024');
      expect(headers()).not.toContain('December 2024');
      expect(firstCell().dataset.file).toBe('2024-11:0');
      expect(firstCell().getAttribute('aria-label')).toBe('Photo, November 14, 2024');
    },
  );
});

describe('sparse months packed side by side (issue 20 fault 3)', () => {
  it('grows its pool of headers past the first 16 and puts each over its own box', async () => {
    // Sixty one-photo months: bands of boxes side by side, many more headers than rows.
    const { engine, frame, settle } = await createTestEngine(new Array<number>(60).fill(1));
    await act(async () => {
      // A 4K TV at device pixel ratio 1: five boxes a band, eight bands a screen.
      engine.resize(1920, 2160, 1, DESKTOP_METRICS, { left: 0, right: 0 });
      await settle();
    });
    const view = render(
      <I18nextProvider i18n={i18nInstance}>
        <SectionHeaders engine={engine} />
      </I18nextProvider>,
    );
    act(() => {
      frame();
    });
    act(() => {
      frame();
    });
    const shown = [
      ...view.container.querySelectorAll<HTMLElement>('.gallery-headers__header'),
    ].filter((h) => !h.hidden);
    expect(engine.visibleSections.length).toBeGreaterThan(16);
    expect(shown).toHaveLength(engine.visibleSections.length);
    const lefts = new Set(engine.visibleSections.map((s) => s.x));
    expect(lefts.size).toBeGreaterThan(1);
    for (const [i, visible] of engine.visibleSections.entries()) {
      expect(shown[i].style.transform).toBe(`translate3d(${visible.x}px, ${visible.y}px, 0)`);
    }
  });
});

describe('a TV-wide grid (issue 34.11: a TV layout that scales)', () => {
  it('makes its headers as tall as the grid’s grown header, and keeps the SPEC 30 px below', async () => {
    const { engine, frame, settle } = await createTestEngine([3, 3]);
    const view = render(
      <I18nextProvider i18n={i18nInstance}>
        <SectionHeaders engine={engine} />
      </I18nextProvider>,
    );
    const root = () => view.container.querySelector<HTMLElement>('.gallery-headers')!;
    act(() => {
      frame();
    });
    expect(root().style.getPropertyValue('--gallery-header-height')).toBe('30px');
    await act(async () => {
      engine.resize(3840, 2160, 1, DESKTOP_METRICS, { left: 0, right: 0 });
      await settle();
    });
    act(() => {
      frame();
    });
    expect(engine.timeline.currentMetrics.headerHeight).toBe(60);
    expect(root().style.getPropertyValue('--gallery-header-height')).toBe('60px');
  });
});
