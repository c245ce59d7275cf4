// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../engine/clock';
import { FastScrollModel } from '../engine/scroll/FastScrollModel';
import { ScrollModel } from '../engine/scroll/ScrollModel';
import { SyntheticIndex } from '../engine/scroll/testIndex';
import { changeLocale, initI18n } from '../../i18n';
import { FastScroller } from './FastScroller';

let i18nInstance: i18n;

beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await changeLocale('en_US', i18nInstance);
});

/** Newest first: March 2019, February 2019, January 2019, December 2018, March 2017. */
function setup(sideMargin = 120) {
  const index = new SyntheticIndex([
    { year: 2019, month: 3, height: 5000 },
    { year: 2019, month: 2, height: 300 },
    { year: 2019, month: 1, height: 2000 },
    { year: 2019, month: 1, height: 2000 },
    { year: 2018, month: 12, height: 8000 },
    { year: 2017, month: 3, height: 500 },
  ]);
  const scroll = new ScrollModel(new ManualClock());
  scroll.setViewportHeight(800);
  scroll.setContentHeight(index.totalHeight());
  const model = new FastScrollModel(index);
  const onScrub = vi.fn();
  render(
    <I18nextProvider i18n={i18nInstance}>
      <FastScroller
        model={model}
        scroll={scroll}
        height={600}
        sideMargin={sideMargin}
        onScrub={onScrub}
      />
    </I18nextProvider>,
  );
  return { index, model, scroll, onScrub, slider: screen.getByRole('slider') };
}

describe('FastScroller', () => {
  it('is a labelled vertical slider over the months', () => {
    const { slider } = setup();
    expect(slider.getAttribute('aria-label')).toBe('Timeline scrubber');
    expect(slider.getAttribute('aria-orientation')).toBe('vertical');
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('4');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    expect(slider.getAttribute('aria-valuetext')).toBe('March 2019');
    expect(slider.tabIndex).toBe(0);
    expect(screen.getByText(/Arrow keys move one month/)).toBeTruthy();
  });

  it('moves a month with the arrow keys, a year with the page keys, to the ends with Home/End', () => {
    const { slider, scroll, model } = setup();
    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    expect(slider.getAttribute('aria-valuenow')).toBe('1');
    expect(slider.getAttribute('aria-valuetext')).toBe('February 2019');
    expect(scroll.position).toBe(5000);

    fireEvent.keyDown(slider, { key: 'ArrowDown' });
    expect(slider.getAttribute('aria-valuetext')).toBe('January 2019'); // two sections, one month
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    expect(slider.getAttribute('aria-valuetext')).toBe('February 2019');

    fireEvent.keyDown(slider, { key: 'PageDown' });
    expect(slider.getAttribute('aria-valuetext')).toBe('March 2017');
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(slider.getAttribute('aria-valuetext')).toBe('December 2018');

    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider.getAttribute('aria-valuenow')).toBe('4');
    // The oldest month is within the last screen: the position stops at the end.
    expect(scroll.position).toBe(scroll.maxPosition);
    expect(model.monthTop(4)).toBeGreaterThan(scroll.maxPosition);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    expect(scroll.position).toBe(0);
  });

  it('follows the scroll position without re-rendering', () => {
    const { slider, scroll } = setup();
    act(() => scroll.scrollTo(14_000));
    expect(slider.getAttribute('aria-valuetext')).toBe('December 2018');
    const thumb = slider.querySelector<HTMLElement>('.fast-scroller__thumb')!;
    expect(thumb.style.transform).toMatch(/^translateY\(\d+(\.\d+)?px\)$/);
  });

  it('formats the date in the active language', async () => {
    const { slider, scroll } = setup();
    await act(() => changeLocale('nb_NO', i18nInstance));
    expect(slider.getAttribute('aria-valuetext')).toBe('mars 2019');
    expect(slider.getAttribute('aria-label')).toBe('Tidslinjevelger');
    act(() => scroll.scrollTo(5100));
    expect(slider.getAttribute('aria-valuetext')).toBe('februar 2019');
  });

  it('scrubs on drag, showing the date tooltip and reporting the scrub', () => {
    const { slider, scroll, onScrub, model } = setup();
    const tooltip = slider.querySelector<HTMLElement>('.fast-scroller__tooltip')!;
    expect(tooltip.hidden).toBe(true);
    // jsdom lays nothing out: the track's top is 0, so clientY maps straight to track pixels.
    fireEvent.pointerDown(slider, { button: 0, clientY: 16 + 568, pointerId: 1 });
    expect(onScrub).toHaveBeenLastCalledWith(true);
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toBe('March 2017');
    expect(scroll.position).toBe(scroll.maxPosition);

    const middle = model.monthTrackStart(1) * 568 + 16 + 1;
    fireEvent.pointerMove(slider, { clientY: middle, pointerId: 1 });
    expect(tooltip.textContent).toBe('February 2019');
    expect(model.monthIndexAt(scroll.position)).toBe(1);
    fireEvent.pointerUp(slider, { pointerId: 1 });
    expect(onScrub).toHaveBeenLastCalledWith(false);
    expect(tooltip.hidden).toBe(true);
  });

  it('shows the hover tooltip after 1000 ms, not before', () => {
    vi.useFakeTimers();
    const { slider } = setup();
    const tooltip = slider.querySelector<HTMLElement>('.fast-scroller__tooltip')!;
    fireEvent.pointerEnter(slider, { pointerType: 'mouse', clientY: 16 });
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(tooltip.hidden).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toBe('March 2019');
    fireEvent.pointerLeave(slider, { pointerType: 'mouse' });
    expect(tooltip.hidden).toBe(true);
  });

  it('collapses to a thin thumb at a side margin of 70 px, and stays a slider', () => {
    const { slider } = setup(70);
    expect(slider.className).toContain('fast-scroller--collapsed');
    expect(slider.querySelectorAll('.fast-scroller__year')).toHaveLength(0);
    cleanup();
    const wide = setup(71).slider;
    expect(wide.className).not.toContain('fast-scroller--collapsed');
    expect(wide.querySelectorAll('.fast-scroller__year').length).toBeGreaterThan(0);
  });

  it('updates its range when months arrive', () => {
    const { slider, index, scroll } = setup();
    index.sections.push({ year: 2016, month: 7, height: 1000 });
    index.setHeight(0, 5000);
    act(() => scroll.setContentHeight(index.totalHeight()));
    expect(slider.getAttribute('aria-valuemax')).toBe('5');
  });
});
