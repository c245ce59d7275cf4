import { describe, expect, it } from 'vitest';
import { TRASH_PAGE_MAX, type TrashFile } from '../../api/contract/trash';
import type { ApiClient } from '../../api/http';
import { TRASH_INFINITE_SCROLL_PX } from '../../domain/constants';
import { TrashPages } from './trashPages';
import { trashFacts, trashSource } from './trashSource';
import { nearSectionEnd, type SectionExtents } from './useTrashPaging';

const DAY = 86_400;
const NOW = 1_800_000_000;

/**
 * A trash of `n` files as GET /trash_can lists it (newest deletion first), made on demand: the
 * last `soon` of them have 5 days or fewer left (SPEC §4 "removed soon").
 */
function trash(n: number, soon: number) {
  const fileAt = (i: number): TrashFile => {
    const daysAgo = i >= n - soon ? 86 : 1 + (80 * i) / n;
    return {
      id: `f${i}`,
      job: 'job-1',
      path: `f${i}.jpg`,
      ctime: NOW - 400 * DAY,
      mtime: NOW - 400 * DAY,
      dtime: Math.round(NOW - daysAgo * DAY - i),
      width: 400,
      height: 300,
      size: 1000,
      type: 'picture',
    };
  };
  const calls: { offset: number; limit: number }[] = [];
  /** Files deleted since the listing began: they come first, and push the rest down. */
  let added = 0;
  const client = {
    request: ({ call: { query } }: { call: { query: { offset: number; limit: number } } }) => {
      calls.push(query);
      const total = n + added;
      const files: TrashFile[] = [];
      const end = Math.min(total, query.offset + query.limit);
      for (let j = query.offset; j < end; j++) {
        files.push(j < added ? { ...fileAt(0), id: `new${j}`, dtime: NOW - j } : fileAt(j - added));
      }
      return Promise.resolve({
        data: { total_item_count: total, offset: query.offset, limit: query.limit, files },
        headers: new Headers(),
        status: 200,
      });
    },
  } as unknown as ApiClient;
  return {
    client,
    calls,
    /** Files fetched over all calls. */
    fetched: () => calls.reduce((sum, call) => sum + Math.min(call.limit, n), 0),
    /** `count` more files are deleted elsewhere: the listing's files move down. */
    deleteMore: (count: number) => (added += count),
  };
}

const signal = new AbortController().signal;
const ids = (files: readonly TrashFile[]) => files.map((file) => file.id);

describe('the trash paged by offset (SPEC §2 trash photos, §3 paginations by offset)', () => {
  it('opens a trash of 200,000 files with its first pages, not all of it', async () => {
    const list = trash(200_000, 300);
    const pages = new TrashPages(list.client, NOW);
    await pages.start(signal);
    // The first page, then the last one (where "removed soon" is): two requests.
    expect(list.calls).toEqual([
      { offset: 0, limit: TRASH_PAGE_MAX },
      { offset: 200_000 - TRASH_PAGE_MAX, limit: TRASH_PAGE_MAX },
    ]);
    expect(pages.totalCount).toBe(200_000);
    expect(ids(pages.files('later'))).toEqual(
      Array.from({ length: TRASH_PAGE_MAX }, (_, i) => `f${i}`),
    );
    expect(pages.files('soon')).toHaveLength(300);
    expect(pages.files('soon')[0].id).toBe('f199700');
    expect(pages.hasMore('later')).toBe(true);
    expect(pages.hasMore('soon')).toBe(false);
  });

  it('finds a "removed soon" group longer than a page with one-file probes', async () => {
    const list = trash(200_000, 5_000);
    const pages = new TrashPages(list.client, NOW);
    await pages.start(signal);
    const probes = list.calls.filter((call) => call.limit === 1);
    expect(probes.length).toBeLessThanOrEqual(Math.ceil(Math.log2(200_000)));
    expect(list.fetched()).toBeLessThan(4 * TRASH_PAGE_MAX);
    expect(pages.files('soon')[0].id).toBe('f195000');
    expect(pages.files('soon')).toHaveLength(TRASH_PAGE_MAX);
    expect(pages.hasMore('soon')).toBe(true);
  });

  it('pages each group to its end: every file once, in order, in its own group', async () => {
    const list = trash(2_345, 1_234);
    const pages = new TrashPages(list.client, NOW, 100);
    await pages.start(signal);
    for (const group of ['soon', 'later'] as const) {
      while (pages.hasMore(group)) await pages.more(group, signal);
    }
    expect(ids(pages.files('later'))).toEqual(Array.from({ length: 1_111 }, (_, i) => `f${i}`));
    expect(ids(pages.files('soon'))).toEqual(
      Array.from({ length: 1_234 }, (_, i) => `f${1_111 + i}`),
    );
  });

  it('finds the groups inside the first page, and a trash with none removed soon', async () => {
    const small = new TrashPages(trash(50, 20).client, NOW);
    await small.start(signal);
    expect(small.files('later')).toHaveLength(30);
    expect(small.files('soon')).toHaveLength(20);
    const none = trash(5_000, 0);
    const pages = new TrashPages(none.client, NOW);
    await pages.start(signal);
    expect(pages.files('soon')).toHaveLength(0);
    expect(pages.hasMore('soon')).toBe(false);
    expect(none.calls).toHaveLength(2);
    const empty = new TrashPages(trash(0, 0).client, NOW);
    await empty.start(signal);
    expect(empty.files('later')).toHaveLength(0);
    expect(empty.hasMore('later')).toBe(false);
  });

  it('keeps each file once when the trash shifts between two pages', async () => {
    const list = trash(300, 0);
    const pages = new TrashPages(list.client, NOW, 100);
    await pages.start(signal);
    list.deleteMore(10);
    await pages.more('later', signal);
    const listed = ids(pages.files('later'));
    expect(new Set(listed).size).toBe(listed.length);
    // f90…f99 came again on the second page: kept once.
    expect(listed).toEqual(Array.from({ length: 190 }, (_, i) => `f${i}`));
  });
});

describe('the trash source grows a section a page at a time', () => {
  const labels = { soon: 'Removed soon', later: 'Later' };

  it('starts each section with its first page and adds the next on `more`', async () => {
    const list = trash(200_000, 300);
    const facts = trashFacts();
    const source = trashSource({ client: list.client, now: () => NOW, labels, facts });
    const sections = await source.sections(signal);
    expect(sections.map((s) => [s.key, s.counts.pictures])).toEqual([
      ['trash-soon', 300],
      ['trash-later', TRASH_PAGE_MAX],
    ]);
    expect((await source.files(sections[1], signal)).ids).toHaveLength(TRASH_PAGE_MAX);
    expect(source.hasMore('trash-later')).toBe(true);
    expect(source.hasMore('trash-soon')).toBe(false);
    expect(facts.jobOf('f1500')).toBeUndefined();
    const grown = await source.more('trash-later', signal);
    expect(grown?.files.ids).toHaveLength(2 * TRASH_PAGE_MAX);
    expect(grown?.counts.pictures).toBe(2 * TRASH_PAGE_MAX);
    // The new page's files have their job and days left (thumbnails and badges read them).
    expect(facts.jobOf('f1500')).toBe('job-1');
    expect(await source.more('trash-soon', signal)).toBeNull();
    // A refresh (after a restore) lists afresh, as deep as the user had scrolled.
    const again = await source.sections(signal);
    expect(again[1].counts.pictures).toBe(2 * TRASH_PAGE_MAX);
  });
});

describe('nearSectionEnd (SPEC §9 trash infinite scroll within 1000 px of bottom)', () => {
  const timeline = (ends: number[], loaded = true): SectionExtents => ({
    sectionCount: ends.length,
    sections: ends.map((_, i) => ({ descriptor: { key: `s${i}` } })),
    sectionTop: (i) => (i === 0 ? 0 : ends[i - 1]),
    sectionHeight: (i) => ends[i] - (i === 0 ? 0 : ends[i - 1]),
    isLoaded: () => loaded,
  });
  const all = () => true;

  it('names the first section with more whose end is within 1000 px below the view, or above it', () => {
    expect(TRASH_INFINITE_SCROLL_PX).toBe(1000);
    expect(nearSectionEnd(timeline([5_000, 20_000]), 3_999, all)).toBeNull();
    expect(nearSectionEnd(timeline([5_000, 20_000]), 4_000, all)).toBe('s0');
    expect(nearSectionEnd(timeline([5_000, 20_000]), 12_000, all)).toBe('s0');
    expect(nearSectionEnd(timeline([5_000, 20_000]), 12_000, (key) => key === 's1')).toBeNull();
    expect(nearSectionEnd(timeline([5_000, 20_000]), 19_000, (key) => key === 's1')).toBe('s1');
  });

  it('waits for the engine to hold the section’s files', () => {
    expect(nearSectionEnd(timeline([5_000], false), 5_000, all)).toBeNull();
  });
});
