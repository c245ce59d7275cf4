import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentsResponseSchema } from '../../src/api/contract/documents';
import { FilesResponseSchema } from '../../src/api/contract/files';
import { TimelineMonthsResponseSchema } from '../../src/api/contract/jobs';
import { fileIdOf } from '../db/ids';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let memberAuth: { authorization: string };
let jobId: string;
let expected: { id: string; name: string; uploaded: number; month: string }[];

beforeAll(async () => {
  server = await testServer(3000, 1);
  ({ auth } = await login(server.app));
  ({ auth: memberAuth } = await login(server.app, 'user1@example.com'));
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
  expected = (
    server.ctx.db
      .prepare(
        `SELECT id, tag, path, uploaded FROM files WHERE job = ? AND deleted = 0 AND kind = 2
         ORDER BY uploaded DESC, id DESC`,
      )
      .all(server.seed.demoTimelineJob) as {
      id: number;
      tag: number;
      path: string;
      uploaded: number;
    }[]
  ).map((r) => ({
    id: fileIdOf(r.id, r.tag),
    name: r.path.slice(r.path.lastIndexOf('/') + 1),
    uploaded: r.uploaded,
    month: new Date(r.uploaded * 1000).toISOString().slice(0, 7),
  }));
});
afterAll(() => server.close());

const documents = async (query = '', headers: Record<string, string> = auth) => {
  const res = await server.app.inject({ url: `/jobs/${jobId}/documents${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return DocumentsResponseSchema.parse(res.json());
};

describe('GET /jobs/{id}/documents', () => {
  it('the seeded library has documents across several months', () => {
    expect(expected.length).toBeGreaterThan(20);
    expect(new Set(expected.map((d) => d.month)).size).toBeGreaterThan(5);
  });

  it('lists the live documents newest upload first, with the total', async () => {
    const answer = await documents();
    expect(answer.total).toBe(expected.length);
    expect(answer.documents.map((d) => d.fileID)).toEqual(expected.map((d) => d.id));
    expect(answer.documents.map((d) => d.fileName)).toEqual(expected.map((d) => d.name));
    expect(answer.documents.map((d) => d.uploadedTime)).toEqual(expected.map((d) => d.uploaded));
    for (const d of answer.documents) expect(d.fileName).toMatch(/\.(pdf|docx|xlsx|txt|pptx)$/);
  });

  it('pages by offset and limit', async () => {
    const first = await documents('?limit=5');
    const second = await documents('?offset=5&limit=5');
    expect(first.documents.map((d) => d.fileID)).toEqual(expected.slice(0, 5).map((d) => d.id));
    expect(second.documents.map((d) => d.fileID)).toEqual(expected.slice(5, 10).map((d) => d.id));
    expect(second.total).toBe(expected.length);
    for (const bad of ['?limit=0', '?limit=2001', '?offset=-1', '?limit=x']) {
      const res = await server.app.inject({ url: `/jobs/${jobId}/documents${bad}`, headers: auth });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('are never timeline files: not listed, not counted', async () => {
    const files = FilesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${jobId}/files`, headers: auth })).json(),
    ).files;
    expect(files.some((f) => f.type === 'document')).toBe(false);
    const ids = new Set(files.map((f) => f.id));
    expect(expected.some((d) => ids.has(d.id))).toBe(false);
    const months = TimelineMonthsResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${jobId}/timeline/months`, headers: auth })).json(),
    ).months;
    const counted = months.reduce(
      (n, m) => n + m.counts.pictures + m.counts.videos + m.counts.screenshots,
      0,
    );
    // The live photos' movies are listed and not counted: the timeline never shows them (SPEC §5).
    const shown = files.filter((f) => !(f.group && !f.group.master && f.type === 'movie'));
    expect(shown.length).toBeLessThan(files.length);
    expect(counted).toBe(shown.length);
  });

  it('drops a trashed document and is for the owner only', async () => {
    const victim = expected[0].id;
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/jobs/${jobId}/files_by_id/${victim}`,
      headers: auth,
    });
    expect(del.statusCode).toBe(204);
    const after = await documents();
    expect(after.total).toBe(expected.length - 1);
    expect(after.documents.map((d) => d.fileID)).not.toContain(victim);
    // A member of the demo user's shared album is still not its owner.
    const album = server.ctx.db
      .prepare('SELECT j.uuid FROM jobs j JOIN job_members m ON m.job = j.id WHERE j.owner_id = ?')
      .get(server.seed.demoUserId) as { uuid: string };
    const res = await server.app.inject({
      url: `/jobs/${album.uuid}/documents`,
      headers: memberAuth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('reads through the partial documents index', () => {
    const plan = server.ctx.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id, tag, path, uploaded, size FROM files
         WHERE job = ? AND deleted = 0 AND kind = 2 AND path NOT LIKE '%/'
         ORDER BY uploaded DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(1, 500, 0) as { detail: string }[];
    const text = plan.map((p) => p.detail).join(' | ');
    expect(text).toContain('files_job_documents');
    expect(text).not.toContain('TEMP B-TREE');
  });
});
