import { describe, expect, it } from 'vitest';
import type { TrashFile } from '../../api/contract/trash';
import type { ApiClient } from '../../api/http';
import { createInstance } from 'i18next';
import { initI18n } from '../../i18n';
import { loadAreaTexts } from '../../i18n/areaTexts';
import { daysLeftText, daysRemaining } from './trashDays';
import {
  daysLeftBadge,
  trashFacts,
  trashSource,
  withGroupMembers,
  type TrashFacts,
} from './trashSource';

const DAY = 86_400;
const NOW = 1_800_000_000;

function file(id: string, daysAgo: number, fields: Partial<TrashFile> = {}): TrashFile {
  return {
    id,
    job: 'job-1',
    path: `${id}.jpg`,
    ctime: NOW - 400 * DAY,
    mtime: NOW - 400 * DAY,
    dtime: NOW - daysAgo * DAY - 60,
    width: 400,
    height: 300,
    size: 1000,
    type: 'picture',
    ...fields,
  };
}

/** A client answering GET /trash_can from `files`, page by page. */
function client(files: TrashFile[]): ApiClient {
  return {
    request: ({ call: { query } }: { call: { query: { offset: number; limit: number } } }) =>
      Promise.resolve({
        data: {
          total_item_count: files.length,
          offset: query.offset,
          limit: query.limit,
          files: files.slice(query.offset, query.offset + query.limit),
        },
        headers: new Headers(),
        status: 200,
      }),
  } as unknown as ApiClient;
}

describe('the trash as a grid source (SPEC §4 trash grouping)', () => {
  it('counts the days left of 90, down to 0', () => {
    expect(daysRemaining(NOW - 60, NOW)).toBe(90);
    expect(daysRemaining(NOW - 85 * DAY - 60, NOW)).toBe(5);
    expect(daysRemaining(NOW - 95 * DAY, NOW)).toBe(0);
  });

  it('groups "removed soon" (5 days or fewer) before the rest, with their own headers', async () => {
    const facts = trashFacts();
    const source = trashSource({
      // As GET /trash_can lists them: newest deletion first.
      client: client([
        file('new', 1),
        file('movie-part', 1, { type: 'movie', group_type: 'live', group_id: 'g' }),
        file('still', 1, { group_type: 'live', group_id: 'g', master: '1' }),
        file('doc', 1, { type: 'document' }),
        file('edge', 85),
        file('soon', 86),
      ]),
      now: () => NOW,
      labels: { soon: 'Removed soon', later: 'Later' },
      facts,
    });
    const signal = new AbortController().signal;
    const sections = await source.sections(signal);
    expect(sections.map((s) => [s.key, s.label, s.counts.pictures])).toEqual([
      ['trash-soon', 'Removed soon', 2],
      ['trash-later', 'Later', 2],
    ]);
    expect((await source.files(sections[0], signal)).ids).toEqual(['edge', 'soon']);
    // A live photo's movie and documents get no tile.
    expect((await source.files(sections[1], signal)).ids).toEqual(['new', 'still']);
    // The facts know them all (a movie is restored with its live photo).
    for (const id of ['new', 'soon', 'movie-part', 'still', 'doc', 'edge']) {
      expect(facts.jobOf(id)).toBeDefined();
    }
    expect(facts.withMembers(['still'])).toEqual(['still', 'movie-part']);
    expect(facts.deletedAt('soon')).toBe(NOW - 86 * DAY - 60);
  });
});

describe('days left on a trashed tile (SPEC §4)', () => {
  it('counts down from 90 and says "deleted today" at 0, in every language', async () => {
    const now = 1_800_000_000;
    const day = 86_400;
    const en = await initI18n('en_US', createInstance());
    await loadAreaTexts(['trash'], en);
    const t = en.t.bind(en);
    expect(daysLeftText(t, now, now)).toBe('90 days left');
    expect(daysLeftText(t, now - 89 * day, now)).toBe('1 day left');
    expect(daysLeftText(t, now - 90 * day, now)).toBe('Deleted today');
    const sv = await initI18n('sv_SE', createInstance());
    await loadAreaTexts(['trash'], sv);
    expect(daysLeftText(sv.t.bind(sv), now - 90 * day, now)).toBe('Raderas i dag');
  });

  it('gives a badge a short form that keeps the number (issue 34.6: hidden in Bulgarian)', async () => {
    const now = 1_800_000_000;
    const day = 86_400;
    const bg = await initI18n('bg_BG', createInstance());
    await loadAreaTexts(['trash'], bg);
    const facts = { deletedAt: (id: string) => (id === 'today' ? now - 90 * day : now - 5 * day) };
    const badge = daysLeftBadge(bg.t.bind(bg), facts as unknown as TrashFacts, () => now);
    expect(badge('x')).toEqual(['Остават 85 дни', '85 дни']);
    expect(badge('today')).toBe('Изтрива се днес');
  });
});

describe('withGroupMembers', () => {
  const trashed = (id: string, extra: Partial<TrashFile> = {}): TrashFile => ({
    id,
    job: 'j',
    path: `${id}.jpg`,
    ctime: 1,
    mtime: 1,
    dtime: 1,
    width: 4,
    height: 3,
    size: 1,
    type: 'picture',
    ...extra,
  });

  it('brings a master’s hidden group files along, and nothing for others', () => {
    const expand = withGroupMembers([
      trashed('live', { group_type: 'live', group_id: 'g1', master: '1' }),
      trashed('movie', { type: 'movie', group_type: 'live', group_id: 'g1' }),
      trashed('other-movie', { type: 'movie', group_type: 'live', group_id: 'g2' }),
      trashed('plain'),
    ]);
    expect(expand(['live', 'plain'])).toEqual(['live', 'plain', 'movie']);
    expect(expand(['plain'])).toEqual(['plain']);
  });
});
