import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { fileIdOf } from '../../server/db/ids';
import { DEMO, openTimelineSignedIn } from './support/login';
import { e2eDatabasePath } from './support/testControls';

test.describe.configure({ mode: 'serial' });

type Filter = 'only_images' | 'only_videos' | 'screenshots';

interface EngineSection {
  key: string;
  year: number;
  month: number;
  startDay: number;
  endDay: number;
  count: number;
  ids: string[];
}

interface Row {
  id: number;
  tag: number;
  kind: number;
  screenshot: number;
}

/** The demo user's timeline files as the timeline shows them (no documents, no hidden members). */
function dbRows(where: string, ...args: number[]): Row[] {
  const db = new Database(e2eDatabasePath(), { readonly: true, fileMustExist: true });
  try {
    const job = db
      .prepare(
        `SELECT j.id FROM jobs j JOIN users u ON u.id = j.owner_id
         WHERE u.email = ? AND j.type = 'timeline'`,
      )
      .get(DEMO.email) as { id: number };
    return db
      .prepare(
        `SELECT id, tag, kind, screenshot FROM files
         WHERE job = ? AND deleted = 0 AND kind != 2
           AND NOT (group_type != 0 AND master = 0 AND kind = 1) AND ${where}`,
      )
      .all(job.id, ...args) as Row[];
  } finally {
    db.close();
  }
}

const keeps: Record<Filter, (row: Row) => boolean> = {
  only_images: (row) => row.kind === 0,
  only_videos: (row) => row.kind === 1,
  screenshots: (row) => row.kind === 0 && row.screenshot === 1,
};

/** Loads the first `count` sections (or all) through the engine and returns their files. */
async function loadedSections(page: Page, count = Infinity): Promise<EngineSection[]> {
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-load', /ready|empty/, {
    timeout: 30_000,
  });
  return page.evaluate(async (n) => {
    interface Engine {
      timeline: {
        sectionCount: number;
        sections: {
          count: number;
          descriptor: {
            key: string;
            year: number;
            month: number;
            startDay: number;
            endDay: number;
          };
          files: { ids: string[] } | null;
        }[];
        loadSections(indices: number[], signal: AbortSignal): Promise<void>;
      };
    }
    const engine = (window as unknown as { __capture: { gallery: Engine } }).__capture.gallery;
    const indices = [...Array(Math.min(n, engine.timeline.sectionCount)).keys()];
    await engine.timeline.loadSections(indices, new AbortController().signal);
    return indices.map((i) => {
      const s = engine.timeline.sections[i];
      return { ...s.descriptor, count: s.count, ids: [...(s.files?.ids ?? [])] };
    });
  }, count);
}

function rangeOf(s: EngineSection): [number, number] {
  return [
    Date.UTC(s.year, s.month - 1, s.startDay) / 1000,
    Date.UTC(s.year, s.month - 1, s.endDay + 1) / 1000,
  ];
}

test('each type filter shows exactly the files of that type, compared with the database', async ({
  page,
}) => {
  await openTimelineSignedIn(page, '/photos?filter=only_videos');
  for (const filter of ['only_videos', 'only_images', 'screenshots'] as const) {
    if (filter !== 'only_videos') await page.getByTestId(`filter-${filter}`).click();
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-filter', filter);
    const sections = await loadedSections(page, 3);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      const expected = dbRows('capture_time >= ? AND capture_time < ?', ...rangeOf(section))
        .filter(keeps[filter])
        .map((row) => fileIdOf(row.id, row.tag))
        .sort();
      expect([...section.ids].sort(), `${filter} ${section.key}`).toEqual(expected);
      // The estimate came from the months' split counts, which count exactly what the timeline
      // shows (not the hidden videos of live and burst groups).
      expect(section.count).toBe(expected.length);
      expect(section.count).toBeGreaterThan(0);
    }
  }
});

test('the filter chips work from the keyboard', async ({ page }) => {
  await openTimelineSignedIn(page);
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-filter', 'all');
  await page.getByTestId('filter-all').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-filter', 'only_images');
  await expect(page.getByTestId('filter-only_images')).toBeChecked();
  await expect(page).toHaveURL(/filter=only_images/);
});

test('recents: the default window follows SPEC §9 and each window matches the database', async ({
  page,
}) => {
  await openTimelineSignedIn(page);
  const now = Math.floor(Date.now() / 1000);
  const inWindow = (days: number) =>
    dbRows('uploaded >= ?', now - days * 86_400 + 60).map((row) => fileIdOf(row.id, row.tag));
  const counts = { 1: inWindow(1).length, 7: inWindow(7).length, 30: inWindow(30).length };
  const expectedDefault = counts[7] > 0 ? 7 : counts[1] > 0 ? 1 : counts[30] > 0 ? 30 : 7;
  await page.getByTestId('filter-recents').click();
  await expect(page.getByTestId('timeline')).toHaveAttribute(
    'data-filter',
    `recents_${expectedDefault}`,
  );
  for (const days of [30, 1] as const) {
    await page.getByTestId(`filter-recents_${days}`).click();
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-filter', `recents_${days}`);
    const ids = (await loadedSections(page)).flatMap((s) => s.ids).sort();
    // A minute of slack at the window's edge: the seed's upload times are spread by the second.
    const strict = inWindow(days).sort();
    const loose = dbRows('uploaded >= ?', now - days * 86_400 - 60).map((r) =>
      fileIdOf(r.id, r.tag),
    );
    expect(ids.length).toBeGreaterThanOrEqual(strict.length);
    expect(ids.length).toBeLessThanOrEqual(loose.length);
    const shown = new Set(ids);
    expect(strict.filter((id) => !shown.has(id))).toEqual([]);
    if (loose.length === 0) {
      await expect(page.getByTestId('timeline-empty')).toHaveAttribute(
        'data-filter',
        `recents_${days}`,
      );
    }
  }
});
