import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesResponseSchema, type FileInfo } from '../../src/api/contract/files';
import { JobInfoSchema, TimelineMonthsResponseSchema } from '../../src/api/contract/jobs';
import { serviceDictSchema } from '../../src/api/contract/serviceDict';
import { addFile, KIND } from '../db/files';
import { login, TEST_NOW, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let otherAuth: { authorization: string };
let jobId: string;
const FILES = 20_000;

beforeAll(async () => {
  server = await testServer(FILES, 1);
  auth = (await login(server.app)).auth;
  otherAuth = (await login(server.app, 'user1@example.com')).auth;
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = auth) =>
  server.app.inject({ url, headers });

/** The range the client asks for a section (as src/features/photoGrid/apiTimelineSource does). */
const sectionRange = (s: { year: number; month: number; startDay: number; endDay: number }) => ({
  start: Date.UTC(s.year, s.month - 1, s.startDay) / 1000,
  end: Date.UTC(s.year, s.month - 1, s.endDay + 1) / 1000,
});

/** What the timeline shows (SPEC §5): no documents, no non-master video of a live/burst group. */
const mediaOnly = (files: FileInfo[]) =>
  files.filter((f) => f.type !== 'document' && !(f.group && !f.group.master && f.type === 'movie'));

describe('jobs', () => {
  it('answers the default (timeline) job and its info', async () => {
    const def = JobInfoSchema.parse((await get('/jobs/default')).json());
    expect(def.type).toBe('timeline');
    const info = JobInfoSchema.parse((await get(`/jobs/${jobId}/info`)).json());
    expect(info).toEqual(def);
    const hidden = server.ctx.db
      .prepare(
        'SELECT COUNT(*) AS n FROM files WHERE job = 1 AND deleted = 0 AND kind = 1 AND group_type != 0 AND master = 0',
      )
      .get() as { n: number };
    expect(hidden.n).toBeGreaterThan(0);
    // Five seeded into the trash; a live photo's movie is not a file of its own (SPEC §5).
    expect(info.size).toBe(FILES - 5 - hidden.n);
    const service = serviceDictSchema.parse((await get(`/st/4/jobs/${jobId}/service`)).json());
    expect(service.thumbHost).toBe('http://api.test');
  });

  it('sections sum to the timeline and stay ≤ 500 files unless a single day', async () => {
    const res = await get(`/jobs/${jobId}/timeline/months?app_key=x&client_v=1`);
    const { months } = TimelineMonthsResponseSchema.parse(res.json());
    const total = months.reduce(
      (n, s) => n + s.counts.pictures + s.counts.videos + s.counts.screenshots,
      0,
    );
    const media = server.ctx.db
      .prepare(
        `SELECT COUNT(*) AS n FROM files WHERE job = 1 AND deleted = 0 AND kind != 2
           AND NOT (kind = 1 AND group_type != 0 AND master = 0)`,
      )
      .get() as { n: number };
    expect(total).toBe(media.n);
    let split = 0;
    for (const s of months) {
      const n = s.counts.pictures + s.counts.videos + s.counts.screenshots;
      if (n > 500) expect(s.startDay).toBe(s.endDay);
      if (s.startDay !== 1) split++;
    }
    expect(split).toBeGreaterThan(0); // the dense month is split
    const keys = months.map((s) => s.year * 10_000 + s.month * 100 + s.startDay);
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
  });

  it('lists each section’s files matching its counts, newest first', async () => {
    const { months } = TimelineMonthsResponseSchema.parse(
      (await get(`/jobs/${jobId}/timeline/months`)).json(),
    );
    for (const section of [...months.slice(0, 5), ...months.filter((s) => s.startDay > 1)]) {
      const { start, end } = sectionRange(section);
      const res = await get(`/jobs/${jobId}/files?start=${start}&end=${end}&recursive=true`);
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['x-last-event-serial'])).toBeGreaterThanOrEqual(0);
      const files = mediaOnly(FilesResponseSchema.parse(res.json()).files);
      const counts = { pictures: 0, videos: 0, screenshots: 0 };
      for (const f of files) {
        if (f.type === 'movie') counts.videos++;
        else if (f.screenshot) counts.screenshots++;
        else counts.pictures++;
        expect(f.id).toMatch(/^[0-9a-z]{6,}-[0-9a-f]{4}$/);
        expect(f.ctime).toBeGreaterThanOrEqual(start);
        expect(f.ctime).toBeLessThan(end);
      }
      expect(counts).toEqual(section.counts);
      for (let i = 1; i < files.length; i++) {
        const [a, b] = [files[i - 1], files[i]];
        expect(a.ctime! > b.ctime! || (a.ctime === b.ctime && a.path <= b.path)).toBe(true);
      }
    }
  });

  it('keeps day counts, sections and the serial in step when a file is added', async () => {
    const before = Number(
      (await get(`/jobs/${jobId}/files?start=0&end=1`)).headers['x-last-event-serial'],
    );
    const ctime = Date.UTC(1990, 4, 2, 12) / 1000;
    addFile(server.ctx.db, {
      job: 1,
      tag: 0xabc,
      path: 'Camera/old.jpg',
      ctime,
      mtime: ctime,
      uploaded: ctime,
      size: 1234,
      width: 400,
      height: 300,
      duration: 0,
      kind: KIND.picture,
      screenshot: false,
      checksum: 'abc',
      groupType: 0,
      groupId: null,
      master: false,
      blob: null,
    });
    const { months } = TimelineMonthsResponseSchema.parse(
      (await get(`/jobs/${jobId}/timeline/months`)).json(),
    );
    expect(months.at(-1)).toMatchObject({ year: 1990, month: 5, startDay: 1, endDay: 31 });
    const res = await get(`/jobs/${jobId}/files?start=${ctime}&end=${ctime + 1}`);
    expect(res.json()).toMatchObject({ files: [{ path: 'Camera/old.jpg', checksum: 'abc' }] });
    expect(Number(res.headers['x-last-event-serial'])).toBe(before + 1);
  });

  it('filters by uploaded_since and sends each file’s upload time', async () => {
    // The library was seeded at TEST_NOW; the route counts days back from the real clock.
    const days = Math.ceil((server.ctx.now() - TEST_NOW) / 86_400) + 7;
    const sinceBefore = server.ctx.now() - days * 86_400;
    const res = await get(`/jobs/${jobId}/files?uploaded_since=${days}`);
    const sinceAfter = server.ctx.now() - days * 86_400;
    expect(res.statusCode).toBe(200);
    const files = FilesResponseSchema.parse(res.json()).files;
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThan(FILES / 10);
    const count = (since: number) =>
      (
        server.ctx.db
          .prepare(
            'SELECT COUNT(*) AS n FROM files WHERE job = 1 AND deleted = 0 AND kind != 2 AND uploaded >= ?',
          )
          .get(since) as { n: number }
      ).n;
    expect(files.length).toBeLessThanOrEqual(count(sinceBefore));
    expect(files.length).toBeGreaterThanOrEqual(count(sinceAfter));
    for (const f of files) {
      expect(f.uploaded).toBeGreaterThanOrEqual(sinceBefore);
      expect(f.uploaded).toBeLessThanOrEqual(TEST_NOW);
    }
  });
});

describe('authorisation and bad input', () => {
  it('hides the job from another user (404) and from no token (401; info: SPEC §7 secured job)', async () => {
    for (const url of [
      `/jobs/${jobId}/info`,
      `/jobs/${jobId}/timeline/months`,
      `/jobs/${jobId}/files?start=0&end=2000000000`,
      `/st/4/jobs/${jobId}/service`,
    ]) {
      const other = await get(url, otherAuth);
      expect(other.statusCode, url).toBe(404);
      expect(other.json()).toHaveProperty('error');
      const none = await get(url, {});
      if (url.endsWith('/info')) {
        // SPEC §7: "User does not have access to secured job" → a visitor is asked to sign in.
        expect(none.statusCode, url).toBe(403);
        expect(none.body).toContain('User does not have access to secured job');
      } else {
        expect(none.statusCode, url).toBe(401);
      }
    }
    const own = JobInfoSchema.parse((await get('/jobs/default', otherAuth)).json());
    expect(own.id).not.toBe(jobId);
  });

  it('answers malformed and huge parameters with 4xx JSON, never 500', async () => {
    const long = 'x'.repeat(5000);
    for (const url of [
      `/jobs/${jobId}/files?start=abc`,
      `/jobs/${jobId}/files?start=1e400`,
      `/jobs/${jobId}/files?end=99999999999999999999999`,
      `/jobs/${jobId}/files?start=1&start=2`,
      `/jobs/${jobId}/files?uploaded_since=-1`,
      `/jobs/${jobId}/files?start=${long}`,
      `/jobs/nope/info`,
      `/jobs/${long}/info`,
      `/jobs/%00/files`,
      `/jobs/${jobId}/timeline/months/extra`,
    ]) {
      const res = await get(url);
      const label = url.slice(0, 80);
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(() => res.json<unknown>(), label).not.toThrow();
    }
  });
});
