// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestEngine } from '../engine/testEngine';
import type { VisibleTile } from '../engine/render/TileComposer';
import { TileBadges } from './TileBadges';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * Counts the layout reads of badge texts, each with how many badges showed a text at that
 * moment: a read after a badge's write forces a layout of the page.
 */
function recordLayoutReads() {
  const reads: { text: string; written: number }[] = [];
  const rect = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const written = [...document.querySelectorAll('.badge')].filter(
      (badge) => badge.textContent !== '',
    ).length;
    reads.push({ text: this.textContent ?? '', written });
    // A badge's width: 7 px a character.
    return { ...rect.call(this), width: 7 * (this.textContent ?? '').length };
  });
  return reads;
}

describe('TileBadges', () => {
  it('measures the texts a frame meets for the first time together, before writing any badge', async () => {
    const { engine, frame } = await createTestEngine([40, 40]);
    // Every tile a label of its own: its item's day count, full and short.
    const text = (tile: VisibleTile) => [`${tile.item} days left`, `${tile.item} d`];
    const reads = recordLayoutReads();
    const { container } = render(
      <TileBadges engine={engine} text={text} corner="top-right" className="badge" />,
    );
    act(() => {
      frame();
    });
    // The first frame's texts (mount's): every one read while no badge had been written yet.
    expect(reads.length).toBeGreaterThan(4);
    expect(reads.filter((read) => read.written > 0)).toEqual([]);
    expect(new Set(reads.map((read) => read.text)).size).toBe(reads.length);
    // Each text measured once, however many frames show it.
    const count = reads.length;
    act(() => {
      frame();
    });
    expect(reads).toHaveLength(count);
    // The fullest form that fits its tile: at 7 px a character every full text here fits.
    const shown = [...container.querySelectorAll<HTMLElement>('.badge:not([hidden])')];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((badge) => /^\d+ days left$/.test(badge.textContent ?? ''))).toBe(true);
    // No probe left behind beside the badges.
    expect(container.querySelectorAll('.gallery-badges__measure')).toHaveLength(1);
  });
});
