import { describe, expect, it } from 'vitest';
import type { TrashFile } from '../../api/contract/trash';
import { FILE_KIND } from '../../gallery';
import { hasTile, TrashColumns } from './trashColumns';

const trashed = (i: number, extra: Partial<TrashFile> = {}): TrashFile => ({
  id: `f${i}`,
  job: 'j',
  path: `p${i}.jpg`,
  ctime: 1_000 + i,
  mtime: 2_000 + i,
  dtime: 3_000,
  width: 400 + i,
  height: 300,
  size: 10 * i,
  type: 'picture',
  ...extra,
});

/** 250 files: every 7th a movie, every 11th a document, every 13th a live photo's movie. */
const listing: TrashFile[] = Array.from({ length: 250 }, (_, i) =>
  i % 11 === 0
    ? trashed(i, { type: 'document' })
    : i % 13 === 0
      ? trashed(i, { type: 'movie', group_type: 'live', group_id: `g${i}` })
      : i % 7 === 0
        ? trashed(i, { type: 'movie', duration: i })
        : trashed(i, { screenshot: i % 5 === 0, width: i % 17 === 0 ? 0 : 400 + i }),
);

describe('TrashColumns', () => {
  it('grown page by page, gives the columns of the whole listing read at once', () => {
    const paged = new TrashColumns();
    const listed: TrashFile[] = [];
    for (let at = 0; at < listing.length; at += 40) {
      listed.push(...listing.slice(at, at + 40));
      paged.update(listed);
    }
    const whole = new TrashColumns().update(listing).columns();
    const tiles = listing.filter(hasTile);
    expect(paged.columns()).toEqual(whole);
    expect(whole.ids).toEqual(tiles.map((f) => f.id));
    expect(whole.paths).toEqual(tiles.map((f) => f.path));
    expect([...whole.times]).toEqual(tiles.map((f) => f.ctime));
    expect([...whole.sizes!]).toEqual(tiles.map((f) => f.size));
    expect([...whole.durations]).toEqual(tiles.map((f) => f.duration ?? 0));
    expect([...whole.kinds]).toEqual(
      tiles.map((f) =>
        f.type === 'movie'
          ? FILE_KIND.video
          : f.screenshot
            ? FILE_KIND.screenshot
            : FILE_KIND.picture,
      ),
    );
    expect([...whole.aspects]).toEqual(
      tiles.map((f) => Math.fround(f.width > 0 ? f.width / f.height : 4 / 3)),
    );
  });

  it('answers copies: a transferred or changed answer leaves the next one whole', () => {
    const columns = new TrashColumns().update(listing.slice(0, 20));
    const first = columns.columns();
    structuredClone(first.aspects, { transfer: [first.aspects.buffer] });
    (first.ids as string[]).length = 0;
    const second = columns.update(listing.slice(0, 30)).columns();
    expect(second.aspects.length).toBe(second.ids.length);
    expect(second.ids.slice(0, 3)).toEqual(['f1', 'f2', 'f3']);
    expect(second.aspects[0]).toBeCloseTo(401 / 300);
  });
});
