import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyMp4 } from '../testing';
import { readExif } from './exif';
import { Lru } from './lru';
import { readVideoInfo } from './mp4';
import { generatedPoster } from './poster';
import { parseRange } from './range';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-media-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('readExif', () => {
  it('reads the SPEC §3 fields and the capture time from what sharp writes', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#123' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Canon', Model: 'EOS R5' },
        IFD2: {
          ISOSpeedRatings: '400',
          ApertureValue: '17/10', // APEX: f/1.8
          ExposureTime: '1/250',
          FocalLength: '35/1',
          DateTimeOriginal: '2019:12:24 17:05:00',
        },
      })
      .toBuffer();
    const { fields, captureTime } = readExif((await sharp(jpeg).metadata()).exif);
    expect(fields).toEqual({
      Make: 'Canon',
      Model: 'EOS R5',
      ISOSpeedRatings: 400,
      ApertureValue: 1.8,
      ExposureTime: 0.004,
      FocalLength: 35,
    });
    expect(captureTime).toBe(Date.UTC(2019, 11, 24, 17, 5) / 1000);
  });

  it('yields nothing, without throwing, for missing, foreign or damaged data', () => {
    expect(readExif(undefined)).toEqual({ fields: {}, captureTime: null });
    expect(readExif(Buffer.from('Exif\0\0garbage-garbage'))).toEqual({
      fields: {},
      captureTime: null,
    });
    // Big-endian header whose IFD offset and entry count point far outside the buffer.
    const hostile = Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0xff, 0xff, 1, 0x0f, 0, 2]);
    expect(readExif(hostile).fields).toEqual({});
    for (let i = 0; i < 200; i++) {
      const random = Buffer.from(Array.from({ length: 64 }, (_, k) => (i * 31 + k * 17) & 255));
      random.write('II*\0', 0, 'latin1');
      expect(() => readExif(random)).not.toThrow();
    }
  });
});

describe('readVideoInfo', () => {
  it('reads duration, size, rotation and creation time from moov', async () => {
    const file = path.join(dir, 'clip.mp4');
    const created = Date.UTC(2022, 5, 1, 12) / 1000;
    fs.writeFileSync(file, tinyMp4({ seconds: 7, width: 1920, height: 1080, created }));
    expect(await readVideoInfo(file)).toEqual({
      duration: 7,
      width: 1920,
      height: 1080,
      captureTime: created,
    });
    fs.writeFileSync(file, tinyMp4({ seconds: 3, width: 1920, height: 1080, rotated: true }));
    expect(await readVideoInfo(file)).toMatchObject({
      width: 1080,
      height: 1920,
      captureTime: null,
    });
  });

  it('ignores creation times out of range (issue 23: year 71,654 and beyond)', async () => {
    const file = path.join(dir, 'crafted.mp4');
    const since1904 = (unix: number) => BigInt(unix + 2_082_844_800);
    const good = Date.UTC(2023, 0, 2) / 1000;
    fs.writeFileSync(
      file,
      tinyMp4({ seconds: 2, width: 64, height: 48, createdRaw1904: since1904(good) }),
    );
    expect((await readVideoInfo(file))?.captureTime).toBe(good);
    for (const raw of [
      2n ** 64n - 1n,
      2n ** 63n,
      since1904(2_199_999_999_999), // year ~71,654
      since1904(Date.UTC(2100, 0, 2) / 1000),
      1n, // 1904: before any digital video
    ]) {
      fs.writeFileSync(file, tinyMp4({ seconds: 2, width: 64, height: 48, createdRaw1904: raw }));
      expect((await readVideoInfo(file))?.captureTime, String(raw)).toBeNull();
    }
  });

  it('answers null for files that are not ISO-BMFF', async () => {
    const file = path.join(dir, 'clip.avi');
    fs.writeFileSync(file, Buffer.from('RIFF....AVI LIST'));
    expect(await readVideoInfo(file)).toBeNull();
    expect(await readVideoInfo(path.join(dir, 'missing.mp4'))).toBeNull();
  });
});

describe('generatedPoster', () => {
  it('draws a JPEG in the video’s shape and escapes the name', async () => {
    const jpeg = await generatedPoster('clips/<b>&"x".mp4', {
      width: 1080,
      height: 1920,
      duration: 65,
    });
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.height).toBe(1280);
    expect(meta.width).toBe(720);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=50-1000', 100, { start: 50, end: 99 }],
    ['bytes=-1000', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    ['bytes=99999999999999999999-', 100, null],
    [undefined, 100, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('Lru', () => {
  it('evicts the least recently used by weight', () => {
    const lru = new Lru<string, Buffer>(10, (b) => b.length);
    lru.set('a', Buffer.alloc(4));
    lru.set('b', Buffer.alloc(4));
    lru.get('a');
    lru.set('c', Buffer.alloc(4)); // 12 > 10: b goes, a was used more lately
    expect([lru.get('a'), lru.get('b'), lru.get('c')].map((v) => v?.length)).toEqual([
      4,
      undefined,
      4,
    ]);
    lru.set('huge', Buffer.alloc(11)); // never fits: not stored, nothing evicted
    expect(lru.size).toBe(2);
  });
});
