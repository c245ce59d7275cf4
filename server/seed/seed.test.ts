import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/open';
import { TEST_NOW } from '../testing';
import { totals } from '../db/users';
import type { LibraryShape } from './files';
import { fitDemoStorage, seedLibrary } from './seed';

const dirs: string[] = [];
async function seeded(files: number, seed = 1, shape?: LibraryShape): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-seed-'));
  dirs.push(dir);
  const db = openDb(dir);
  await seedLibrary(db, { files, users: 1, albums: 2, trash: 10, seed, now: TEST_NOW, shape });
  return db;
}
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const rows = (db: Db) =>
  db.prepare('SELECT path, capture_time, width, height, kind FROM files ORDER BY id').all();

describe('seedLibrary', () => {
  it('is deterministic for a seed', async () => {
    const [a, b] = [await seeded(2000), await seeded(2000)];
    expect(rows(a)).toEqual(rows(b));
    expect(rows(await seeded(2000, 2))).not.toEqual(rows(a));
  });

  it('makes a realistic library', async () => {
    const n = 30_000;
    const db = await seeded(n);
    const stats = db
      .prepare(
        `SELECT COUNT(*) AS n, SUM(kind = 1) AS videos, SUM(screenshot) AS shots,
           SUM(kind = 2) AS docs, SUM(group_type = 1) AS live, SUM(group_type = 2) AS burst,
           SUM(width > 2 * height) AS panos, SUM(height > width) AS portrait,
           MIN(capture_time) AS first, MAX(capture_time) AS last, SUM(deleted) AS trashed,
           SUM(kind = 1 AND (duration < 1 OR duration > 120)) AS bad_durations
         FROM files WHERE job = 1`,
      )
      .get() as Record<string, number>;
    expect(stats.n).toBe(n);
    expect(stats.videos / n).toBeGreaterThan(0.07);
    expect(stats.videos / n).toBeLessThan(0.1);
    expect(stats.shots / n).toBeCloseTo(0.05, 1);
    expect(stats.docs / n).toBeCloseTo(0.01, 1);
    expect(stats.live).toBeGreaterThan(0);
    expect(stats.burst).toBeGreaterThan(0);
    expect(stats.panos).toBeGreaterThan(0);
    expect(stats.portrait).toBeGreaterThan(n / 5);
    expect(stats.bad_durations).toBe(0);
    expect(stats.trashed).toBe(10);
    expect((TEST_NOW - stats.first) / (365.25 * 86_400)).toBeGreaterThan(21);
    expect(stats.last).toBeLessThanOrEqual(TEST_NOW);

    const perMonth = db
      .prepare(
        `SELECT strftime('%Y-%m', capture_time, 'unixepoch') AS m, COUNT(*) AS n FROM files
         WHERE job = 1 GROUP BY m ORDER BY m`,
      )
      .all() as { m: string; n: number }[];
    // Some months are empty, the densest holds ~4%, and the last year outweighs the first.
    expect(perMonth.length).toBeLessThan(22 * 12);
    expect(Math.max(...perMonth.map((m) => m.n))).toBeGreaterThan(n * 0.035);
    const year = (y: string) =>
      perMonth.filter((m) => m.m.startsWith(y)).reduce((s, m) => s + m.n, 0);
    expect(year('2024')).toBeGreaterThan(5 * year('2004'));
    const july = perMonth.filter((m) => m.m.endsWith('-07')).reduce((s, m) => s + m.n, 0);
    const june = perMonth.filter((m) => m.m.endsWith('-06')).reduce((s, m) => s + m.n, 0);
    expect(july).toBeGreaterThan(june * 1.5);
  });
});

describe('fitDemoStorage', () => {
  const maxOf = (db: Db) =>
    db.prepare("SELECT max_space FROM users WHERE email = 'demo@example.com'").get() as {
      max_space: number;
    };
  const grantOf = (db: Db) =>
    db.prepare('SELECT size_gb FROM grants WHERE user_id = 1').get() as { size_gb: number };

  it('keeps the 2 TiB plan for a library that fits it with room to spare', async () => {
    const db = await seeded(500);
    expect(maxOf(db).max_space).toBe(2 * 1024 ** 4);
  });

  it('gives a library bigger than the plan whole TiB of headroom, so uploads still fit', async () => {
    const db = await seeded(500);
    // As if the library were ~24 TiB (what 2,000,000 synthetic files take).
    db.prepare(
      'UPDATE day_counts SET bytes = bytes + ? WHERE (job, day) = (SELECT job, day FROM day_counts ORDER BY job, day LIMIT 1)',
    ).run(24 * 1024 ** 4);
    fitDemoStorage(db, 1);
    const used = totals(db, { owner: 1 }).bytes;
    const { max_space: max } = maxOf(db);
    expect(max % 1024 ** 4).toBe(0);
    expect(max - used).toBeGreaterThanOrEqual(1024 ** 4);
    expect(max - used).toBeLessThan(2 * 1024 ** 4);
    expect(grantOf(db).size_gb).toBe(max / 1024 ** 3);
  });
});

describe('library shapes (issue 20)', () => {
  type MonthKinds = { ym: string; pictures: number; videos: number; shots: number };
  const months = (db: Db) =>
    db
      .prepare(
        `SELECT strftime('%Y-%m', capture_time, 'unixepoch') AS ym,
           SUM(kind = 0 AND screenshot = 0) AS pictures, SUM(kind = 1) AS videos,
           SUM(screenshot) AS shots
         FROM files WHERE job = 1 AND (group_type = 0 OR master = 1)
         GROUP BY ym ORDER BY ym DESC`,
      )
      .all() as MonthKinds[];

  it('kinds: every month holds one kind, in turn', async () => {
    const all = months(await seeded(3000, 1, 'kinds'));
    expect(all.length).toBeGreaterThan(6);
    for (const m of all) {
      expect([m.pictures > 0, m.videos > 0, m.shots > 0].filter(Boolean)).toHaveLength(1);
    }
    expect(all.some((m) => m.videos > 0) && all.some((m) => m.shots > 0)).toBe(true);
  });

  it('sparse: one picture a year; bigMonth: all in the last whole month; bigDay: all yesterday', async () => {
    const sparse = months(await seeded(20, 1, 'sparse'));
    expect(sparse).toHaveLength(20);
    expect(sparse.every((m) => m.pictures + m.videos + m.shots === 1)).toBe(true);
    expect(new Set(sparse.map((m) => m.ym.slice(0, 4))).size).toBe(20);
    const big = months(await seeded(500, 1, 'bigMonth'));
    expect(big).toHaveLength(1);
    const lastMonth = new Date(TEST_NOW * 1000);
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    expect(big[0].ym).toBe(lastMonth.toISOString().slice(0, 7));
    const dayDb = await seeded(500, 1, 'bigDay');
    const days = dayDb
      .prepare(`SELECT DISTINCT date(capture_time, 'unixepoch') AS day FROM files WHERE job = 1`)
      .all() as { day: string }[];
    expect(days.map((d) => d.day)).toEqual([
      new Date((TEST_NOW - 86_400) * 1000).toISOString().slice(0, 10),
    ]);
  });

  it('extreme: shapes down to 1:20 and up to 20:1', async () => {
    const db = await seeded(2000, 1, 'extreme');
    const { tall, wide } = db
      .prepare(
        `SELECT SUM(width * 20 <= height) AS tall, SUM(width >= height * 20) AS wide
         FROM files WHERE job = 1 AND kind = 0 AND screenshot = 0`,
      )
      .get() as { tall: number; wide: number };
    expect(tall).toBeGreaterThan(0);
    expect(wide).toBeGreaterThan(0);
  });
});
