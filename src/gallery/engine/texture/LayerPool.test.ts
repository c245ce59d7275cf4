import { describe, expect, it } from 'vitest';
import { LayerPool, MAX_POOL_PAGES, pageLayersFor } from './LayerPool';
import { layerBytes } from './tiers';

describe('LayerPool pages (issue 20 fault 5: no whole-budget allocation at start-up)', () => {
  it('splits a desktop budget into four pages and a small pool into one', () => {
    expect(pageLayersFor(1024, layerBytes('small'))).toBe(256); // 64 MiB a page
    expect(pageLayersFor(64, layerBytes('large'))).toBe(16);
    expect(pageLayersFor(8, layerBytes('small'))).toBe(8); // never below 16 MiB: one page
    expect(pageLayersFor(2, layerBytes('large'))).toBe(2);
  });

  it('creates a page only when the ones before it are full, and numbers layers across pages', () => {
    const pool = new LayerPool('small', 1024, 1);
    expect(pool.pages).toHaveLength(1);
    expect(pool.allocatedLayers).toBe(256);
    const taken = Array.from({ length: 255 }, () => pool.takeFreeLayer());
    expect(taken[0]).toBe(1); // layer 0 is reserved
    expect(taken[254]).toBe(255);
    expect(pool.pages).toHaveLength(1);
    expect(pool.takeFreeLayer()).toBe(256);
    expect(pool.pages).toHaveLength(2);
    expect(pool.pageOf(256)).toBe(pool.pages[1]);
    expect(pool.pageOf(255)).toBe(pool.pages[0]);
    expect(pool.tilesInUse).toBe(256);
    for (let i = 0; i < 767; i++) expect(pool.takeFreeLayer()).toBeGreaterThan(256);
    expect(pool.pages).toHaveLength(MAX_POOL_PAGES);
    expect(pool.takeFreeLayer()).toBe(-1); // every page full: the cache evicts
  });

  it('gives a freed layer back before making a page', () => {
    const pool = new LayerPool('large', 64, 0);
    const layers = Array.from({ length: 16 }, () => pool.takeFreeLayer());
    pool.releaseLayer(layers[3]);
    expect(pool.takeFreeLayer()).toBe(layers[3]);
    expect(pool.pages).toHaveLength(1);
  });

  it('keeps its pages when reset (a lost context): their layers are all free again', () => {
    const pool = new LayerPool('large', 64, 0);
    for (let i = 0; i < 17; i++) pool.takeFreeLayer();
    pool.reset();
    expect(pool.pages).toHaveLength(2);
    expect(pool.tilesInUse).toBe(0);
    expect(pool.takeFreeLayer()).toBe(0);
  });
});
