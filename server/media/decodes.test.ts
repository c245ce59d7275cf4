// Issue 23: unbounded concurrent image decodes (four 16000² PNGs: +290 MiB). Uploaded pictures
// are decoded at most MAX_CONCURRENT_DECODES at a time, each with sharp's limitInputPixels.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login, multipart, testServer, type TestServer } from '../testing';
import { analysePicture } from './analyse';
import { DecodeLimiter, LIMIT_INPUT_PIXELS, MAX_CONCURRENT_DECODES } from './decodes';

// Counts sharp calls that read a file (the decodes of uploaded content) as they run, seen from
// outside the media service, with the options each was opened with.
const observed = vi.hoisted(() => ({ inFlight: 0, peak: 0, options: [] as unknown[] }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const wrapped = (input?: unknown, options?: unknown) => {
    const instance = real(input as string, options as never);
    if (typeof input !== 'string') return instance;
    observed.options.push(options);
    for (const method of ['toBuffer', 'metadata'] as const) {
      const original = (instance[method] as (...args: unknown[]) => Promise<unknown>).bind(
        instance,
      );
      (instance as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        observed.inFlight++;
        observed.peak = Math.max(observed.peak, observed.inFlight);
        try {
          return await original(...args);
        } finally {
          observed.inFlight--;
        }
      };
    }
    return instance;
  };
  return { default: Object.assign(wrapped, real) };
});

let server: TestServer;
let auth: { authorization: string };
let jobId: string;
beforeAll(async () => {
  server = await testServer(20, 1);
  auth = (await login(server.app)).auth;
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
});
afterAll(() => server.close());

/** A PNG that takes a moment to decode (noise does not compress). */
function noisyPng(seed: number): Promise<Buffer> {
  const [w, h] = [1200, 900];
  const raw = Buffer.alloc(w * h * 3);
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    raw[i] = s >>> 24;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

describe('image decodes', () => {
  it(`decodes at most ${MAX_CONCURRENT_DECODES} uploads at once, each with limitInputPixels`, async () => {
    expect(MAX_CONCURRENT_DECODES).toBe(2);
    const pngs = await Promise.all([1, 2, 3, 4, 5, 6].map(noisyPng));
    observed.peak = 0;
    observed.options.length = 0;
    const answers = await Promise.all(
      pngs.map((data, i) => {
        const body = multipart({ path: `big-${i}.png`, mtime: '1700000000' }, [{ data }]);
        return server.app.inject({
          method: 'POST',
          url: `/jobs/${jobId}/upload`,
          headers: { ...auth, ...body.headers },
          payload: body.payload,
        });
      }),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(observed.peak).toBeGreaterThan(0);
    expect(observed.peak).toBeLessThanOrEqual(MAX_CONCURRENT_DECODES);
    expect(server.ctx.media.decodes.stats().peak).toBeLessThanOrEqual(MAX_CONCURRENT_DECODES);
    expect(observed.options.length).toBeGreaterThanOrEqual(pngs.length);
    for (const options of observed.options) {
      expect(options).toMatchObject({ limitInputPixels: LIMIT_INPUT_PIXELS });
    }
  });

  it('leaves a picture over the pixel limit undecoded (stored, drawn synthetically)', async () => {
    // 200 MP is above the largest phone sensors and below a 16000² bomb (256 MP).
    expect(LIMIT_INPUT_PIXELS).toBeLessThan(16000 * 16000);
    expect(LIMIT_INPUT_PIXELS).toBeGreaterThanOrEqual(16320 * 12240);
    const png = await noisyPng(9);
    const file = `${server.ctx.dataDir}/small.png`;
    await sharp(png).toFile(file);
    expect(await analysePicture(file, { limitInputPixels: 1200 * 900 })).not.toBeNull();
    expect(await analysePicture(file, { limitInputPixels: 1200 * 900 - 1 })).toBeNull();
  });
});

describe('DecodeLimiter', () => {
  it('runs at most `limit` at once, in order, and frees the slot on failure', async () => {
    const limiter = new DecodeLimiter(2);
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    });
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
        if (i === 1) throw new Error('broken image');
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.stats()).toMatchObject({ active: 2, waiting: 3 });
    gates[1].resolve();
    await expect(runs[1]).rejects.toThrow('broken image');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all([runs[0], runs[2], runs[3], runs[4]])).toEqual([0, 2, 3, 4]);
    expect(limiter.stats()).toEqual({ active: 0, waiting: 0, peak: 2 });
  });
});
