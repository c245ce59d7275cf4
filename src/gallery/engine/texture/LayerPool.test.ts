import { describe, expect, it } from 'vitest';
import { LayerPool, MAX_POOL_PAGES, pageSizesFor } from './LayerPool';
import { layerBytes } from './tiers';

describe('LayerPool pages (issue 20 fault 5: no whole-budget allocation at start-up)', () => {
  it('starts a pool with a 16 MiB page and splits the rest of the budget into three', () => {
    // Desktop: 64 small layers (a screen and its margin), then 3 × 80 MiB.
    expect(pageSizesFor(1024, layerBytes('small'))).toEqual([64, 320, 320, 320]);
    expect(pageSizesFor(64, layerBytes('large'))).toEqual([4, 20, 20, 20]);
    expect(pageSizesFor(256, layerBytes('small'))).toEqual([64, 64, 64, 64]); // a phone's
    expect(pageSizesFor(24, layerBytes('large'))).toEqual([4, 7, 7, 6]); // the last one smaller
    expect(pageSizesFor(8, layerBytes('small'))).toEqual([8]); // under 16 MiB: one page
    expect(pageSizesFor(2, layerBytes('large'))).toEqual([2]);
    expect(pageSizesFor(66, layerBytes('small'))).toEqual([64, 1, 1]);
  });

  it('creates a page only when the ones before it are full, and numbers layers across pages', () => {
    const pool = new LayerPool('small', 1024, 1);
    expect(pool.pages).toHaveLength(1);
    expect(pool.allocatedLayers).toBe(64);
    expect(pool.pageStarts).toEqual([0, 64, 384, 704]);
    const taken = Array.from({ length: 63 }, () => pool.takeFreeLayer());
    expect(taken[0]).toBe(1); // layer 0 is reserved
    expect(taken[62]).toBe(63);
    expect(pool.pages).toHaveLength(1);
    expect(pool.takeFreeLayer()).toBe(64);
    expect(pool.pages).toHaveLength(2);
    expect(pool.allocatedLayers).toBe(384);
    expect(pool.pageOf(64)).toBe(pool.pages[1]);
    expect(pool.pageOf(63)).toBe(pool.pages[0]);
    expect([pool.layerInPage(63), pool.layerInPage(64), pool.layerInPage(383)]).toEqual([
      63, 0, 319,
    ]);
    expect(pool.tilesInUse).toBe(64);
    for (let i = 0; i < 959; i++) expect(pool.takeFreeLayer()).toBeGreaterThan(64);
    expect(pool.pages).toHaveLength(MAX_POOL_PAGES);
    expect(pool.pageOf(1023)).toBe(pool.pages[3]);
    expect(pool.layerInPage(1023)).toBe(319);
    expect(pool.takeFreeLayer()).toBe(-1); // every page full: the cache evicts
  });

  it('gives a freed layer back before making a page', () => {
    const pool = new LayerPool('large', 64, 0);
    const layers = Array.from({ length: 4 }, () => pool.takeFreeLayer());
    pool.releaseLayer(layers[3]);
    expect(pool.takeFreeLayer()).toBe(layers[3]);
    expect(pool.pages).toHaveLength(1);
  });

  it('keeps its pages when reset (a lost context): their layers are all free again', () => {
    const pool = new LayerPool('large', 64, 0);
    for (let i = 0; i < 5; i++) pool.takeFreeLayer();
    pool.reset();
    expect(pool.pages).toHaveLength(2);
    expect(pool.tilesInUse).toBe(0);
    expect(pool.takeFreeLayer()).toBe(0);
  });
});
