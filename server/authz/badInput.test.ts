// Bad input anywhere → 4xx with a JSON body, never 500, and nothing changes (issue 3 item 6).
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  form,
  get,
  ids,
  isJsonError,
  owner,
  server,
  snapshot,
  uploadRequest,
  setUpAuthzFixture,
} from './testing/fixture';

setUpAuthzFixture();

describe('bad input', () => {
  const huge = '9'.repeat(40);
  const long = 'x'.repeat(10_000);
  const json = (method: 'POST' | 'PUT', url: string, payload: string) => ({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload,
  });
  const bad: [string, () => InjectOptions][] = [
    ['unknown job', () => get('/jobs/nope/info')],
    ['unknown job files', () => get('/jobs/00000000-0000-0000-0000-000000000000/files')],
    ['long job id', () => get(`/jobs/${long.slice(0, 300)}/info`)],
    ['unknown file', () => get(`/jobs/${ids.job}/files_by_id/zzzzzz-0000`)],
    ['malformed file id', () => get(`/jobs/${ids.job}/files_by_id/..%2F..%2Fetc`)],
    ['forged file tag', () => get(`/jobs/${ids.job}/metadata/${ids.file.slice(0, -4)}ffff`)],
    ['trashed file', () => get(`/jobs/${ids.job}/files_by_id/${ids.trashed}`)],
    ['trashed content', () => get(`/st/4/jobs/${ids.job}/files_by_id/${ids.trashed}`)],
    ['live file as trash', () => get(`/th/3/trash/${ids.job}/${ids.file}`)],
    [
      'delete unknown',
      () => ({ method: 'DELETE', url: `/jobs/${ids.job}/files_by_id/zzzzzz-0000` }),
    ],
    [
      'delete trashed',
      () => ({ method: 'DELETE', url: `/jobs/${ids.job}/files_by_id/${ids.trashed}` }),
    ],
    ['since text', () => get(`/jobs/${ids.job}/changes?since=abc`)],
    ['since huge', () => get(`/jobs/${ids.job}/changes?since=${huge}`)],
    ['since negative', () => get(`/jobs/${ids.job}/changes?since=-7`)],
    ['seq text', () => get(`/poll?seq=soon&event=job_changed:${ids.job}`)],
    ['poll unknown job', () => get('/poll?seq=0&event=job_changed:nope')],
    ['area text', () => get(`/th/3/${ids.file}?area=big`)],
    ['area huge', () => get(`/th/3/${ids.file}?area=${huge}`)],
    ['start text', () => get(`/jobs/${ids.job}/files?start=yesterday`)],
    ['download flag', () => get(`/st/4/jobs/${ids.job}/files_by_id/${ids.file}?download=yes`)],
    ['name bad JSON', () => json('POST', '/name', '{"name": ')],
    ['name huge', () => json('POST', '/name', JSON.stringify({ name: long }))],
    ['name not a string', () => json('POST', '/name', '{"name": ["a"]}')],
    ['name array body', () => json('POST', '/name', '[1,2]')],
    [
      'name over body limit',
      () => json('POST', '/name', JSON.stringify({ name: 'x'.repeat(2e6) })),
    ],
    ['option bad JSON', () => json('PUT', '/options/k', '{value}')],
    ['option value huge', () => json('PUT', '/options/k', JSON.stringify({ value: long }))],
    ['option key bad', () => json('PUT', '/options/a%20b', '{"value":1}')],
    ['attribute no key', () => ({ method: 'POST', url: '/account_attribute', payload: 'v' })],
    [
      'attribute huge',
      () => json('POST', '/account_attribute?account_attribute_key=k', JSON.stringify(long)),
    ],
    ['attribute bad JSON', () => json('POST', '/account_attribute?account_attribute_key=k', '{')],
    ['dedup bad JSON', () => json('POST', `/jobs/${ids.job}/files_dedup`, '{"path":')],
    ['dedup array', () => json('POST', `/jobs/${ids.job}/files_dedup`, '[]')],
    [
      'dedup huge path',
      () =>
        json(
          'POST',
          `/jobs/${ids.job}/files_dedup`,
          JSON.stringify({ path: long, checksum: ids.checksum, mtime: 1 }),
        ),
    ],
    [
      'dedup negative mtime',
      () =>
        json(
          'POST',
          `/jobs/${ids.job}/files_dedup`,
          JSON.stringify({ path: 'a.jpg', checksum: ids.checksum, mtime: -1 }),
        ),
    ],
    [
      'upload path too long for a field',
      () => uploadRequest(ids.job, Buffer.from('x'), { path: long, mtime: '1' }),
    ],
    ['upload not multipart', () => json('POST', `/jobs/${ids.job}/upload`, '{}')],
    [
      'profile picture not multipart',
      () => ({ method: 'POST', url: '/profile_picture', payload: { file: 'x' } }),
    ],
    [
      'rollback no ids',
      () => json('POST', `/jobs/${ids.job}/multi_rollback`, JSON.stringify({ file_uuids: [] })),
    ],
    ['rollback bad JSON', () => json('POST', `/jobs/${ids.job}/multi_rollback`, '{"file_')],
    ['documents limit huge', () => get(`/jobs/${ids.job}/documents?limit=${huge}`)],
    ['archive unknown id', () => form(`/st/4/jobs/${ids.job}/files_as_archive`, 'zzzzzz-0000')],
    ['archive trashed id', () => form(`/st/4/jobs/${ids.job}/files_as_archive`, ids.trashed)],
    [
      'trash archive live id',
      () => form(`/st/4/jobs/${ids.job}/files_from_trash_as_archive`, ids.file),
    ],
    [
      'archive bad flag',
      () => form(`/st/4/jobs/${ids.job}/files_as_archive?master_only=yes`, ids.file),
    ],
    ['archive JSON array', () => json('POST', `/st/4/jobs/${ids.job}/files_as_archive`, '[1]')],
    ['create album bad JSON', () => json('POST', '/jobs', '{"type": "story",')],
    ['create album no type', () => json('POST', '/jobs', '{"name": "x"}')],
    ['create timeline', () => json('POST', '/jobs', '{"type": "timeline"}')],
    [
      'create album name too long',
      () => json('POST', '/jobs', JSON.stringify({ type: 'story', name: 'x'.repeat(256) })),
    ],
    ['create album bad flag', () => json('POST', '/jobs', '{"type": "story", "public": "yes"}')],
    [
      'create album huge password',
      () => json('POST', '/jobs', JSON.stringify({ type: 'story', password: long })),
    ],
    ['dismiss unknown card', () => ({ method: 'POST', url: '/full_screen_cards/none/dismiss' })],
    ['card id too long', () => ({ method: 'POST', url: `/full_screen_cards/${long}/dismiss` })],
    ['events bad JSON', () => json('POST', '/user_statistics_events', '{"events": [')],
    ['events not a list', () => json('POST', '/user_statistics_events', '{"events": {}}')],
    ['client stats bad', () => json('POST', '/client_stats', '{"last_foreground": -1}')],
    ['unknown route', () => get('/jobs/x/y/z/w')],
  ];

  it.each(bad)('%s → 4xx JSON, nothing changes', async (_name, request) => {
    const before = snapshot();
    const req = request();
    const res = await server.app.inject({
      ...req,
      headers: { ...(req.headers as Record<string, string> | undefined), ...owner },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    expect(isJsonError(res.body)).toBe(true);
    expect(snapshot()).toBe(before);
  });
});
