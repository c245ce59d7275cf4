import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FileRow } from '../db/files';
import { KIND } from '../db/files';
import { renderThumbnail } from './synthetic';

const DAY = Date.UTC(2023, 4, 17, 9) / 1000;

function seeded(id: number, fields: Partial<FileRow> = {}): FileRow {
  return {
    id,
    tag: 1,
    job: 1,
    path: `seed/${id}.jpg`,
    ctime: null,
    mtime: DAY,
    capture_time: DAY,
    uploaded: DAY,
    size: 1000,
    width: 4000,
    height: 3000,
    duration: 0,
    kind: KIND.picture,
    screenshot: 0,
    checksum: null,
    group_type: 0,
    group_id: null,
    master: 0,
    blob: null,
    added_by: null,
    ...fields,
  };
}

describe('renderThumbnail of a seeded file', () => {
  it('draws a day, kind and shape once: files that share them get the same JPEG', async () => {
    // Two at once (one waits for the other's drawing), then a third later.
    const [a, b] = await Promise.all([
      renderThumbnail(seeded(1), 256),
      renderThumbnail(seeded(2, { capture_time: DAY + 3600 }), 256),
    ]);
    const c = await renderThumbnail(seeded(3), 256);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 192 });
  });

  it('draws another day, kind, shape or size apart', async () => {
    const base = await renderThumbnail(seeded(10), 256);
    const others = await Promise.all([
      renderThumbnail(seeded(11, { capture_time: DAY + 86_400 }), 256),
      renderThumbnail(seeded(12, { kind: KIND.movie }), 256),
      renderThumbnail(seeded(13, { width: 3000, height: 4000 }), 256),
      renderThumbnail(seeded(14), 1280),
    ]);
    for (const other of others) expect(other.equals(base)).toBe(false);
    expect((await sharp(others[2]).metadata()).height).toBe(256);
    expect((await sharp(others[3]).metadata()).width).toBe(1280);
  });
});
