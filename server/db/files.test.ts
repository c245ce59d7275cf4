import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '../seed/seed';
import { TEST_NOW } from '../testing';
import { DAY_COUNTS_VERSION, ensureDayCounts, rebuildDayCounts } from './dayCounts';
import { addFile, findFileInJob, GROUP, KIND, restoreFile, trashFile, type NewFile } from './files';
import { utcDay } from './ids';
import { getMeta, openDb, type Db } from './open';

let dir: string;
let db: Db;
let job: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-files-'));
  db = openDb(dir);
  job = (await seedLibrary(db, { files: 4000, users: 1, albums: 1, trash: 20, now: TEST_NOW }))
    .demoTimelineJob;
});
afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Counts {
  pictures: number;
  videos: number;
  screenshots: number;
  documents: number;
  bytes: number;
}
const zero = (): Counts => ({ pictures: 0, videos: 0, screenshots: 0, documents: 0, bytes: 0 });

/**
 * day_counts as the rule says, computed row by row in JS (independent of the server's SQL): what
 * the client shows (no documents, no non-master videos of a live/burst group), documents, and the
 * bytes of every live file.
 */
function expectedCounts(): Map<string, Counts> {
  const rows = db
    .prepare(
      `SELECT job, capture_time, kind, screenshot, size, group_type, group_id, master
       FROM files WHERE deleted = 0`,
    )
    .all() as {
    job: number;
    capture_time: number;
    kind: number;
    screenshot: number;
    size: number;
    group_type: number;
    group_id: string | null;
    master: number;
  }[];
  const out = new Map<string, Counts>();
  for (const r of rows) {
    const key = `${r.job}:${utcDay(r.capture_time)}`;
    const c = out.get(key) ?? zero();
    out.set(key, c);
    c.bytes += r.size;
    const hiddenMember = r.kind === 1 && r.group_type !== 0 && r.group_id !== null && !r.master;
    if (r.kind === 2) c.documents++;
    else if (hiddenMember) continue;
    else if (r.kind === 1) c.videos++;
    else if (r.screenshot) c.screenshots++;
    else c.pictures++;
  }
  return out;
}

function storedCounts(): Map<string, Counts> {
  const rows = db.prepare('SELECT * FROM day_counts').all() as (Counts & {
    job: number;
    day: number;
  })[];
  const out = new Map<string, Counts>();
  for (const { job: j, day, ...c } of rows) {
    // Days emptied by trashing keep a row of zeros; the rule has no row for them.
    if (Object.values(c).some((n) => n !== 0)) out.set(`${j}:${day}`, c);
  }
  return out;
}

const dayRow = (day: number): Counts =>
  (db
    .prepare(
      'SELECT pictures, videos, screenshots, documents, bytes FROM day_counts WHERE job = ? AND day = ?',
    )
    .get(job, day) as Counts | undefined) ?? zero();

const CTIME = Date.UTC(1995, 3, 7, 10) / 1000;
const DAY = utcDay(CTIME);

function newFile(extra: Partial<NewFile>): NewFile {
  return {
    job,
    tag: 7,
    path: 'Camera/x.MOV',
    ctime: CTIME,
    mtime: CTIME,
    uploaded: TEST_NOW,
    size: 1000,
    width: 10,
    height: 10,
    duration: 2,
    kind: KIND.movie,
    screenshot: false,
    checksum: null,
    groupType: GROUP.none,
    groupId: null,
    master: false,
    blob: null,
    ...extra,
  };
}

describe('day_counts (only what the timeline shows)', () => {
  it('the seed counts masters and ungrouped files, not the hidden movies of live photos', () => {
    const hidden = db
      .prepare(
        `SELECT COUNT(*) AS n FROM files WHERE job = ? AND deleted = 0 AND kind = 1
           AND group_type != 0 AND master = 0`,
      )
      .get(job) as { n: number };
    expect(hidden.n).toBeGreaterThan(0);
    expect(storedCounts()).toEqual(expectedCounts());
    expect(getMeta(db, 'day_counts_version')).toBe(DAY_COUNTS_VERSION);
  });

  it('add, trash and restore move a hidden member’s bytes only, a master video’s count too', () => {
    const before = dayRow(DAY);
    const companion = addFile(
      db,
      newFile({ groupType: GROUP.live, groupId: 'live-t-1', master: false }),
    );
    expect(dayRow(DAY)).toEqual({ ...before, bytes: before.bytes + 1000 });
    const master = addFile(
      db,
      newFile({ size: 500, groupType: GROUP.burst, groupId: 'burst-t-1', master: true }),
    );
    const afterAdds = dayRow(DAY);
    expect(afterAdds).toEqual({ ...before, videos: before.videos + 1, bytes: before.bytes + 1500 });

    const companionRow = findFileInJob(db, job, companion.id)!;
    expect(trashFile(db, companionRow, TEST_NOW)).not.toBeNull();
    expect(dayRow(DAY)).toEqual({ ...afterAdds, bytes: afterAdds.bytes - 1000 });
    const masterRow = findFileInJob(db, job, master.id)!;
    expect(trashFile(db, masterRow, TEST_NOW)).not.toBeNull();
    expect(dayRow(DAY)).toEqual(before);
    expect(restoreFile(db, companionRow, TEST_NOW)).not.toBeNull();
    expect(restoreFile(db, masterRow, TEST_NOW)).not.toBeNull();
    expect(dayRow(DAY)).toEqual(afterAdds);
    // A burst's non-master picture shows (SPEC §5 hides only videos), so it counts.
    addFile(
      db,
      newFile({ kind: KIND.picture, duration: 0, groupType: GROUP.burst, groupId: 'burst-t-1' }),
    );
    expect(dayRow(DAY).pictures).toBe(afterAdds.pictures + 1);

    // The incremental counts equal a rebuild from scratch, and both equal the rule.
    const incremental = storedCounts();
    rebuildDayCounts(db);
    expect(storedCounts()).toEqual(incremental);
    expect(incremental).toEqual(expectedCounts());
  });

  it('an existing DATA_DIR with counts of the old rule is rebuilt once when opened', () => {
    // The old rule: every movie counted as a video.
    db.exec(`DELETE FROM meta WHERE key = 'day_counts_version';
      UPDATE day_counts SET videos = videos + 1;`);
    expect(storedCounts()).not.toEqual(expectedCounts());
    expect(ensureDayCounts(db)).toBe(true);
    expect(storedCounts()).toEqual(expectedCounts());
    expect(ensureDayCounts(db)).toBe(false);
  });

  it('a rebuild from a job id on recounts those jobs only and keeps the version mark', () => {
    const jobs = db
      .prepare('SELECT DISTINCT job FROM day_counts ORDER BY job')
      .pluck()
      .all() as number[];
    expect(jobs.length).toBeGreaterThan(1);
    const from = jobs.at(-1)!;
    // Every job's counts made wrong: the rebuild mends the last job's and leaves the others.
    db.exec('UPDATE day_counts SET pictures = pictures + 1');
    rebuildDayCounts(db, from);
    const expected = expectedCounts();
    for (const [key, counts] of storedCounts()) {
      const wanted = expected.get(key)!;
      if (Number(key.split(':')[0]) >= from) expect(counts).toEqual(wanted);
      else expect(counts).toEqual({ ...wanted, pictures: wanted.pictures + 1 });
    }
    expect(getMeta(db, 'day_counts_version')).toBe(DAY_COUNTS_VERSION);
    rebuildDayCounts(db);
    expect(storedCounts()).toEqual(expected);
  });
});
