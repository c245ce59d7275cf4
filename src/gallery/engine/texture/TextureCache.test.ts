import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock';
import { TextureCache, type TextureCacheOptions } from './TextureCache';
import { FRAME_UPLOAD_BUDGET_MS, LARGE_BAND_ROWS } from './UploadBudget';
import { createTestRenderer, fakeBitmap, FakeBitmap, FakeLoader, flush } from './testing';
import { FALLBACK_LAYER, type TextureTier } from './tiers';

type Want = string | [fileId: string, tier?: TextureTier, priority?: number, onScreen?: boolean];

function setup(overrides: Partial<TextureCacheOptions> = {}) {
  const loader = new FakeLoader();
  const onChange = vi.fn();
  const clock = new ManualClock();
  const cache = new TextureCache({
    smallLayers: 8,
    largeLayers: 2,
    maxUploadsPerFrame: 8,
    loader,
    clock,
    onChange,
    ...overrides,
  });
  const gpu = createTestRenderer();
  /** One visibility pass: the tiles in the margin, as the tile renderer would request them. */
  const pass = (...wants: Want[]): void => {
    cache.beginFrame();
    for (const want of wants) {
      const [fileId, tier = 'small', priority = 0, onScreen = false] =
        typeof want === 'string' ? [want] : want;
      cache.request(fileId, tier, priority, onScreen);
    }
    cache.endFrame();
  };
  /** A frame at rest, begun now (the engine passes its own frame to every upload pass). */
  const upload = (greyOnScreen = false): number =>
    cache.uploadPending(gpu.renderer, greyOnScreen, {
      startedAt: clock.now(),
      flinging: false,
      moving: false,
    });
  // The renderer's first frame uploads nothing (the shader links first; see uploadPending).
  expect(upload()).toBe(0);
  expect(onChange).toHaveBeenCalledTimes(1);
  onChange.mockClear();
  gpu.calls.length = 0;
  /** Resolves the loads of these small tiles and uploads them. */
  const load = async (...fileIds: string[]): Promise<void> => {
    for (const fileId of fileIds) loader.resolve(fileId);
    await flush();
    upload();
  };
  return { loader, onChange, cache, gpu, pass, upload, load, clock };
}

/** Makes every texture copy take `ms` on the clock, as a slow upload would. */
function slowCopies(gpu: ReturnType<typeof createTestRenderer>, clock: ManualClock, ms: number) {
  const copy = gpu.renderer.copyTextureToTexture.bind(gpu.renderer);
  gpu.renderer.copyTextureToTexture = (...args: Parameters<typeof copy>) => {
    copy(...args);
    clock.advance(ms);
  };
}

/** Six small tiles decoded and waiting (the fallback layer uploaded), each copy taking 1.5 ms. */
async function sixWaitingSlowly() {
  const test = setup({ smallLayers: 12 });
  const { loader, gpu, clock, pass, upload } = test;
  upload(); // the fallback layer, once
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  pass(...ids);
  for (const id of ids) loader.resolve(id);
  await flush();
  slowCopies(gpu, clock, 1.5);
  return test;
}

describe('TextureCache', () => {
  it('loads the highest priority first, within the in-flight limit', async () => {
    const { loader, pass } = setup({ maxInFlight: 2 });
    pass(['low', 'small', 1], ['high', 'small', 9], ['mid', 'small', 5], ['mid2', 'small', 5]);
    expect(loader.names()).toEqual(['small:high', 'small:mid']);
    loader.resolve('high');
    await flush();
    expect(loader.names()).toEqual(['small:high', 'small:mid', 'small:mid2']);
  });

  it('loads nothing beyond the screen until every tile on screen is uploaded (issue 35)', async () => {
    const { loader, pass, upload } = setup({ maxInFlight: 4 });
    upload(); // the fallback layer, once
    const screen: Want[] = [
      ['s1', 'small', 1e7, true],
      ['s2', 'small', 1e7 - 1, true],
    ];
    const margin: Want[] = [
      ['m1', 'small', -1],
      ['m2', 'small', -2],
    ];
    pass(...screen, ...margin);
    // Two slots stay free: the margin waits for the screen.
    expect(loader.names()).toEqual(['small:s1', 'small:s2']);
    loader.resolve('s1');
    loader.resolve('s2');
    await flush();
    pass(...screen, ...margin);
    // Fetched, not yet on screen: still the screen's turn.
    expect(loader.names()).toEqual(['small:s1', 'small:s2']);
    expect(upload()).toBe(2);
    // The first pass that finds the screen in starts the prefetch.
    pass(...screen, ...margin);
    expect(loader.names()).toEqual(['small:s1', 'small:s2', 'small:m1', 'small:m2']);
    // A new tile on screen (a scroll) goes first again: the margin's next loads wait, the
    // running ones go on.
    pass(['s3', 'small', 1e7, true], ...margin, ['m3', 'small', -3]);
    expect(loader.names()).toEqual(['small:s1', 'small:s2', 'small:m1', 'small:m2', 'small:s3']);
    expect(loader.running().map((l) => l.fileId)).toEqual(['m1', 'm2', 's3']);
  });

  it('starts the prefetch beside a tile on screen whose load failed', async () => {
    const { loader, pass } = setup({ maxInFlight: 4 });
    pass(['s1', 'small', 1e7, true], ['m1', 'small', -1]);
    expect(loader.names()).toEqual(['small:s1']);
    loader.reject('s1');
    await flush();
    pass(['s1', 'small', 1e7, true], ['m1', 'small', -1]);
    expect(loader.names()).toEqual(['small:s1', 'small:m1']);
  });

  it('is idempotent: a tile requested again, in the same or a later pass, loads once', async () => {
    const { loader, cache, pass, load } = setup();
    pass('a', 'a', ['a', 'small', 3]);
    cache.request('a', 'small', 3);
    await load('a');
    pass('a');
    expect(loader.names()).toEqual(['small:a']);
    expect(cache.state('a', 'small')).toBe('ready');
  });

  it('uploads at most maxUploadsPerFrame a frame, most urgent first, and asks for more frames', async () => {
    const { loader, cache, gpu, onChange, pass, upload } = setup({ maxUploadsPerFrame: 2 });
    pass(['a', 'small', 1], ['b', 'small', 4], ['c', 'small', 3], ['d', 'small', 2], 'e');
    for (const id of ['a', 'b', 'c', 'd', 'e']) loader.resolve(id);
    await flush();
    onChange.mockClear();

    expect(upload()).toBe(2);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect([cache.layerOf('b', 'small'), cache.layerOf('c', 'small')]).toEqual([1, 2]);
    expect(cache.state('a', 'small')).toBe('loading');
    expect(upload()).toBe(2);
    expect(upload()).toBe(1);
    expect(upload()).toBe(0);
    expect(onChange).toHaveBeenCalledTimes(2);
    // Layer 0 first: the fallback picture, once.
    expect(gpu.layerUploads().map((call) => call[0])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(cache.stats()).toMatchObject({ uploadsThisFrame: 0, uploadsTotal: 5 });
  });

  it('with grey tiles on screen, uploads small ones up to four allowances a frame (issue 20)', async () => {
    const { loader, cache, pass, upload } = setup({
      maxUploadsPerFrame: 2,
      maxInFlight: 12,
      smallLayers: 16,
    });
    const ids = Array.from({ length: 10 }, (_, i) => `t${i}`);
    pass(...ids, ['big', 'large']);
    for (const id of ids) loader.resolve(id);
    loader.resolve('big', 'large');
    await flush();
    // Eight small ones (4 × 2), never a large one on top: that waits for a frame of its own.
    expect(upload(true)).toBe(8);
    expect(cache.state('big', 'large')).toBe('loading');
    expect(upload(true)).toBe(2);
    // The large one in its four bands, one a frame (a band costs 4, the allowance is 2; a frame's
    // first step always goes).
    expect([upload(true), upload(true), upload(true)]).toEqual([0, 0, 0]);
    expect(cache.state('big', 'large')).toBe('loading');
    expect(upload(true)).toBe(1);
    expect(cache.state('big', 'large')).toBe('ready');
  });

  it('uploads without one synchronous read of the context (issue 20 fault 5)', async () => {
    const { loader, pass, upload, gpu } = setup();
    pass('a', 'b', ['c', 'large']);
    for (const [id, tier] of [
      ['a', 'small'],
      ['b', 'small'],
      ['c', 'large'],
    ] as const)
      loader.resolve(id, tier);
    await flush();
    expect(upload() + upload() + upload()).toBe(3); // the large one in bands, over frames
    // Each getParameter waits for every queued GPU command, the pools' allocation included.
    expect(gpu.reads).toEqual([]);
    // The copies still restore WebGL's default unpack state.
    const last = new Map<unknown, unknown>();
    for (const [name, value] of gpu.callsOf('pixelStorei')) last.set(name, value);
    expect(last.get('UNPACK_ROW_LENGTH')).toBe(0);
    expect(last.get('UNPACK_IMAGE_HEIGHT')).toBe(0);
  });

  it('uploads the bitmap itself into its layer with texSubImage3D, then closes it', async () => {
    const { loader, cache, gpu, pass, upload } = setup();
    pass('a');
    const bitmap = fakeBitmap('small', 'a');
    loader.resolve('a', 'small', bitmap);
    await flush();
    upload();
    const [target, level, x, y, layer, w, h, depth, format, type, source] =
      gpu.callsOf('texSubImage3D')[1];
    expect([target, level, x, y, layer, w, h, depth, format, type]).toEqual([
      'TEXTURE_2D_ARRAY',
      0,
      0,
      0,
      cache.layerOf('a', 'small'),
      256,
      256,
      1,
      'RGBA',
      'UNSIGNED_BYTE',
    ]);
    expect(source).toBe(bitmap);
    expect((bitmap as unknown as FakeBitmap).closed).toBe(true);
    // Each pool allocated once (texStorage3D), never filled from a CPU copy.
    expect(gpu.callsOf('texStorage3D')).toEqual([['TEXTURE_2D_ARRAY', 1, 'RGBA8', 256, 256, 8]]);
  });

  it('charges a large layer as 16 small uploads, a quarter a band, one layer at a time', async () => {
    const { loader, cache, pass, upload } = setup({ maxUploadsPerFrame: 8 });
    pass(['p', 'large', 9], ['q', 'large', 8], ['s', 'small', 1]);
    loader.resolve('p', 'large');
    loader.resolve('q', 'large');
    loader.resolve('s');
    await flush();
    // Two bands a frame (4 + 4 of 8); q waits for p's layer to finish, s for the allowance.
    expect(upload()).toBe(0);
    expect(upload()).toBe(1);
    expect(cache.state('p', 'large')).toBe('ready');
    expect(cache.state('q', 'large')).toBe('loading');
    expect(upload()).toBe(0);
    expect(upload()).toBe(1);
    expect(cache.state('q', 'large')).toBe('ready');
    expect(upload()).toBe(1);
    expect(cache.state('s', 'small')).toBe('ready');
  });

  it('asks for another frame when a large upload waits behind small ones', async () => {
    const { loader, cache, onChange, pass, upload } = setup({ maxUploadsPerFrame: 8 });
    pass(['s', 'small', 9], ['p', 'large', 1]);
    loader.resolve('s');
    loader.resolve('p', 'large');
    await flush();
    onChange.mockClear();
    expect(upload()).toBe(1); // s, then a band of p (4 of the 7 left); the next band waits
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(upload()).toBe(0); // two bands
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(upload()).toBe(1); // the last: nothing waits, no frame asked for
    expect(cache.state('p', 'large')).toBe('ready');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('stops uploading once the frame, from its own start, has spent its time budget (issue 19)', async () => {
    const { loader, cache, gpu, clock, onChange, pass, upload } = setup({ smallLayers: 12 });
    upload(); // the fallback layer, once
    pass('a', 'b', 'c', 'd', 'e', 'f');
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) loader.resolve(id);
    await flush();
    slowCopies(gpu, clock, 1.5);
    onChange.mockClear();
    // The frame had spent 1 ms before its uploads: 1 + 1.5 + 1.5 = 4 ms after two.
    let startedAt = clock.now();
    clock.advance(1);
    expect(
      cache.uploadPending(gpu.renderer, false, { startedAt, flinging: false, moving: true }),
    ).toBe(2);
    expect(onChange).toHaveBeenCalledTimes(1); // the rest wait for the next frame
    // A frame that spent its whole budget before uploading still uploads one.
    startedAt = clock.now();
    clock.advance(FRAME_UPLOAD_BUDGET_MS + 5);
    expect(
      cache.uploadPending(gpu.renderer, false, { startedAt, flinging: false, moving: true }),
    ).toBe(1);
    // A fresh frame at rest takes the remaining three within its budget (1.5 + 1.5 < 4 ms).
    expect(upload()).toBe(3);
  });

  it('with grey tiles on screen, small uploads go on past the frame budget for a while', async () => {
    const { cache, gpu, clock } = await sixWaitingSlowly();
    const startedAt = clock.now();
    // Three within the budget (the third ends at 4.5 ms), then urgent ones while the uploads
    // have taken under URGENT_UPLOAD_MS (6): one more.
    expect(
      cache.uploadPending(gpu.renderer, true, { startedAt, flinging: false, moving: true }),
    ).toBe(4);
  });

  it('at rest with grey tiles on screen (a jump landed), fills by the count, past the budget', async () => {
    const { loader, cache, gpu, clock, pass } = await sixWaitingSlowly();
    const frame = { startedAt: clock.now(), flinging: false, moving: false };
    expect(cache.uploadPending(gpu.renderer, true, frame)).toBe(6);
    // No grey tile: the budget holds at rest too (prefetch of the margin keeps frames short).
    const more = ['g', 'h', 'i', 'j', 'k', 'l'];
    pass(...more);
    for (const id of more) loader.resolve(id);
    await flush();
    expect(cache.uploadPending(gpu.renderer, false, { ...frame, startedAt: clock.now() })).toBe(3);
  });

  it('a frame seconds after the last, the first to find bitmaps, catches up as late (issue 34.10)', async () => {
    // The TV budget (3 a frame) and its 4K screen drawn in software: the last frame drew the
    // placeholders; 2 s later the next finds 32 bitmaps decoded, each copy taking 2 ms.
    const { loader, gpu, clock, pass, upload } = setup({
      smallLayers: 64,
      maxUploadsPerFrame: 3,
      maxInFlight: 32,
    });
    upload(true); // the fallback layer
    const ids = Array.from({ length: 32 }, (_, i) => `t${i}`);
    pass(...ids.map((id): Want => [id, 'small', 1, true]));
    expect(upload(true)).toBe(0); // nothing decoded yet: the frame before
    clock.advance(2000);
    for (const id of ids) loader.resolve(id);
    await flush();
    slowCopies(gpu, clock, 2);
    expect(upload(true)).toBe(32);
  });

  it('never uploads a large tile while the scroll flings; it goes once the scroll slows', async () => {
    const { loader, cache, gpu, clock, onChange, pass } = setup();
    pass(['s', 'small', 1], ['p', 'large', 9]);
    loader.resolve('s');
    loader.resolve('p', 'large');
    await flush();
    onChange.mockClear();
    const frame = (flinging: boolean) => ({ startedAt: clock.now(), flinging, moving: true });
    expect(cache.uploadPending(gpu.renderer, false, frame(true))).toBe(1);
    expect(cache.state('s', 'small')).toBe('ready');
    expect(cache.state('p', 'large')).toBe('loading');
    expect(onChange).toHaveBeenCalledTimes(1); // looks again next frame
    expect(cache.uploadPending(gpu.renderer, false, frame(true))).toBe(0);
    // Slowed: its first two bands (4 units each of the allowance of 8), the rest next frame.
    expect(cache.uploadPending(gpu.renderer, false, frame(false))).toBe(0);
    expect(cache.stats().bandsThisFrame).toBe(2);
    expect(cache.uploadPending(gpu.renderer, false, frame(false))).toBe(1);
    expect(cache.state('p', 'large')).toBe('ready');
  });

  it('uploads a large layer in bands of rows across frames, within the time budget', async () => {
    const { loader, cache, gpu, clock, onChange, pass, upload } = setup();
    upload(); // the fallback layer, once
    pass(['p', 'large', 9]);
    loader.resolve('p', 'large');
    await flush();
    slowCopies(gpu, clock, 1.5);
    gpu.calls.length = 0;
    onChange.mockClear();
    const frame = () => ({ startedAt: clock.now(), flinging: false, moving: true });
    // 5 ms a band: past the 4 ms budget after the first, though the count allows two a frame.
    slowCopies(gpu, clock, 3.5); // 1.5 + 3.5 = 5 ms a copy
    expect(cache.uploadPending(gpu.renderer, false, frame())).toBe(0);
    expect(cache.stats().bandsThisFrame).toBe(1);
    expect(cache.state('p', 'large')).toBe('loading');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(cache.uploadPending(gpu.renderer, false, frame())).toBe(0);
    expect(cache.uploadPending(gpu.renderer, false, frame())).toBe(0);
    expect(cache.uploadPending(gpu.renderer, false, frame())).toBe(1);
    expect(cache.state('p', 'large')).toBe('ready');
    // Four bands of 256 rows, top to bottom, into the same layer (x 0, y row, z layer).
    const bands = gpu.callsOf('texSubImage3D').map((args) => args.slice(3, 7));
    const layer = bands[0][1];
    expect(bands).toEqual(
      Array.from({ length: 1024 / LARGE_BAND_ROWS }, (_, i) => [
        i * LARGE_BAND_ROWS,
        layer,
        1024,
        LARGE_BAND_ROWS,
      ]),
    );
    const skipRows = gpu
      .callsOf('pixelStorei')
      .filter((args) => args[0] === 'UNPACK_SKIP_ROWS')
      .map((args) => args[1]);
    expect(skipRows).toContain(LARGE_BAND_ROWS * 3);
  });

  it('frees the layer of a large tile that scrolled away half uploaded', async () => {
    const { loader, cache, gpu, clock, pass } = setup({ largeLayers: 1 });
    pass(['p', 'large', 9]);
    loader.resolve('p', 'large');
    await flush();
    const frame = () => ({ startedAt: clock.now(), flinging: false, moving: true });
    expect(cache.uploadPending(gpu.renderer, false, frame())).toBe(0); // half of it
    pass(['q', 'large', 9]); // 'p' left the margin: its bitmap is closed
    loader.resolve('q', 'large');
    await flush();
    cache.uploadPending(gpu.renderer, false, frame());
    expect(cache.uploadPending(gpu.renderer, false, frame())).toBe(1);
    expect(cache.state('q', 'large')).toBe('ready'); // in the one layer 'p' held
    expect(cache.layerOf('q', 'large')).toBeGreaterThanOrEqual(0);
  });

  it('evicts the least recently used tile outside the margin when a pool is full', async () => {
    const { cache, pass, load } = setup({ smallLayers: 4 }); // fallback + 3 tiles
    pass('a', 'b', 'c');
    await load('a', 'b', 'c');
    pass('c', 'a', 'd'); // b left the margin
    await load('d');
    expect(cache.state('b', 'small')).toBe('none');
    expect(cache.layerOf('d', 'small')).toBe(2); // b's layer
    pass('e'); // everything left; c was touched longest ago
    await load('e');
    expect(cache.state('c', 'small')).toBe('none');
    expect(['a', 'd', 'e'].map((id) => cache.state(id, 'small'))).toEqual([
      'ready',
      'ready',
      'ready',
    ]);
    expect(cache.stats().evictionsTotal).toBe(2);
  });

  it('never evicts a tile of the margin: a pool smaller than the screen waits, drawing no frames', async () => {
    const { loader, cache, onChange, pass, upload } = setup({ smallLayers: 3 });
    pass('a', 'b', 'c');
    for (const id of ['a', 'b', 'c']) loader.resolve(id);
    await flush();
    onChange.mockClear();
    expect(upload()).toBe(2);
    expect(upload()).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
    expect(cache.state('c', 'small')).toBe('loading');
    expect(cache.stats().awaitingUpload).toBe(1);
    pass('c'); // a and b scrolled away
    expect(upload()).toBe(1);
    expect(cache.state('c', 'small')).toBe('ready');
  });

  it('cancels loads of tiles that left the margin and never starts queued ones', async () => {
    const { loader, cache, pass } = setup({ maxInFlight: 2 });
    pass('a', 'b', 'c');
    const a = loader.find('a');
    pass('b');
    expect(a.signal.aborted).toBe(true);
    expect(loader.find('b').signal.aborted).toBe(false);
    expect(loader.names()).toEqual(['small:a', 'small:b']);
    expect(cache.state('a', 'small')).toBe('none');
    expect(cache.stats()).toMatchObject({ inFlight: 1, queued: 0 });
    // A result that arrives anyway is closed, not uploaded.
    const late = fakeBitmap('small');
    a.resolve(late);
    await flush();
    expect((late as unknown as FakeBitmap).closed).toBe(true);
    expect(cache.state('a', 'small')).toBe('none');
  });

  it('closes a decoded bitmap whose tile left before its upload', async () => {
    const { loader, cache, pass, upload } = setup();
    pass('a');
    const bitmap = fakeBitmap('small');
    loader.resolve('a', 'small', bitmap);
    await flush();
    pass();
    expect((bitmap as unknown as FakeBitmap).closed).toBe(true);
    expect(upload()).toBe(0);
    expect(cache.state('a', 'small')).toBe('none');
  });

  it('shows the fallback layer for a failed small tile, and retries once it comes back', async () => {
    const { loader, cache, gpu, onChange, pass, upload } = setup();
    pass('a', ['a', 'large']);
    onChange.mockClear();
    loader.reject('a');
    loader.reject('a', 'large');
    await flush();
    expect(onChange).toHaveBeenCalled();
    expect(cache.state('a', 'small')).toBe('failed');
    expect(cache.layerOf('a', 'small')).toBe(FALLBACK_LAYER);
    expect(cache.layerOf('a', 'large')).toBe(-1); // the renderer keeps the small tile
    upload();
    const [fallback] = gpu.layerUploads();
    expect(fallback.slice(0, 3)).toEqual([FALLBACK_LAYER, 256, 256]);
    expect((fallback[3] as Uint8Array).length).toBe(256 * 256 * 4);
    expect(cache.stats()).toMatchObject({ failed: 2, failedTotal: 2 });
    pass(); // scrolled away and back
    pass('a');
    expect(loader.names()).toEqual(['small:a', 'large:a', 'small:a']);
  });

  it('treats a bitmap of the wrong size as a failure', async () => {
    const { loader, cache, pass } = setup();
    pass('a');
    const wrong = new FakeBitmap(256, 170) as unknown as ImageBitmap;
    loader.resolve('a', 'small', wrong);
    await flush();
    expect(cache.state('a', 'small')).toBe('failed');
    expect((wrong as unknown as FakeBitmap).closed).toBe(true);
  });

  it('uses the large tier only when asked', async () => {
    const { loader, cache, gpu, pass, load } = setup();
    pass('a', 'b');
    await load('a', 'b');
    expect(loader.calls.every((call) => call.tier === 'small')).toBe(true);
    expect(cache.state('a', 'large')).toBe('none');
    expect(cache.stats().bytesInUse).toEqual({ small: 3 * 256 * 256 * 4, large: 0 });
    expect(gpu.callsOf('texStorage3D')).toHaveLength(1);
  });

  it('re-requests the visible tiles after a context loss and uploads them again', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined); // three.js announces the loss
    const { loader, cache, gpu, onChange, pass, upload, load } = setup();
    pass('a', 'b', 'c');
    await load('a', 'b', 'c');
    pass('a', 'b'); // c stays cached but off screen

    gpu.loseContext();
    cache.onContextLost();
    expect(upload()).toBe(0);
    expect(['a', 'b', 'c'].map((id) => cache.state(id, 'small'))).toEqual([
      'loading',
      'loading',
      'none',
    ]);
    expect(loader.names().slice(3)).toEqual(['small:a', 'small:b']);
    loader.resolve('a');
    loader.resolve('b');
    await flush();

    gpu.calls.length = 0;
    onChange.mockClear();
    gpu.restoreContext();
    cache.onContextRestored();
    expect(onChange).toHaveBeenCalledTimes(1);
    pass('a', 'b');
    expect(upload()).toBe(0); // the restored context's first frame links the shader
    expect(upload()).toBe(2);
    expect(gpu.callsOf('texStorage3D')).toHaveLength(1); // the pool exists again
    expect(gpu.layerUploads().map((call) => call[0])).toEqual([FALLBACK_LAYER, 1, 2]);
    expect(cache.state('a', 'small')).toBe('ready');
  });

  it('notices a lost and restored context by itself, from uploadPending', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { loader, cache, gpu, pass, upload, load } = setup();
    pass('a');
    await load('a');
    gpu.loseContext();
    expect(upload()).toBe(0);
    expect(cache.state('a', 'small')).toBe('loading');
    gpu.restoreContext();
    loader.resolve('a');
    await flush();
    gpu.calls.length = 0;
    expect(upload()).toBe(0); // the restored context's first frame links the shader
    expect(upload()).toBe(1);
    expect(gpu.layerUploads().map((call) => call[0])).toEqual([FALLBACK_LAYER, 1]);
  });

  it('reports stats', async () => {
    const { loader, cache, pass, upload } = setup({ maxInFlight: 2 });
    pass('a', 'b', 'c', ['d', 'large'], 'e');
    loader.resolve('a');
    loader.reject('b');
    await flush();
    expect(cache.stats()).toMatchObject({ queued: 1, inFlight: 2, awaitingUpload: 1, failed: 1 });
    upload();
    expect(cache.stats()).toMatchObject({
      uploadsThisFrame: 1,
      uploadsTotal: 1,
      ready: 1,
      layersInUse: { small: 2, large: 0 },
      bytesInUse: { small: 2 * 256 * 256 * 4, large: 0 },
      bytesAllocated: { small: 8 * 256 * 256 * 4, large: 2 * 1024 * 1024 * 4 },
    });
  });

  it('dispose aborts loads and closes waiting bitmaps', async () => {
    const { loader, cache, pass } = setup();
    pass('a', 'b');
    const bitmap = fakeBitmap('small');
    loader.resolve('a', 'small', bitmap);
    await flush();
    cache.dispose();
    expect((bitmap as unknown as FakeBitmap).closed).toBe(true);
    expect(loader.find('b').signal.aborted).toBe(true);
    cache.request('c', 'small', 0);
    expect(loader.calls).toHaveLength(2);
  });
});
