// SPEC §6 roles on the server, for every album route (issue 22 "the authorisation matrix gains the
// role dimension"): no token, a guest (no account: the visitor token it got by naming itself for
// the shared album, issue 14), the owner, a member, a read-only member, a signed-in visitor of a
// shared album (its link, no password), and a stranger to a private album. Each case runs on
// fresh albums so one role's change cannot decide another's answer.
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { CreateJobResponseSchema } from '../src/api/contract/albums';
import { VisitorTokenResponseSchema } from '../src/api/contract/comments';
import { FilesResponseSchema } from '../src/api/contract/files';
import { ALBUM_ROLE_ROUTES } from './authz.roles';
import { RateLimiter } from './auth/rateLimit';
import { login, multipart, testServer, type TestServer } from './testing';

type Role =
  'anonymous' | 'guest' | 'owner' | 'member' | 'readOnlyMember' | 'visitor' | 'privateStranger';
const ROLES: Role[] = [
  'anonymous',
  'guest',
  'privateStranger',
  'visitor',
  'readOnlyMember',
  'member',
  'owner',
];

let server: TestServer;
const auth: Partial<Record<Role, Record<string, string>>> = {};
/** Each user's own timeline job and one of its files (copy_files' source). */
const own: Partial<Record<Role, { job: string; file: string }>> = {};
let readOnlyUserId = 0;

interface Albums {
  shared: { id: string; files: string[] };
  private: { id: string; files: string[] };
}

async function call(role: Role, request: InjectOptions, extra: Record<string, string> = {}) {
  return server.app.inject({
    ...request,
    headers: {
      ...(request.headers as Record<string, string> | undefined),
      ...(auth[role] ?? {}),
      ...extra,
    },
  });
}

/** A guest's header: the visitor token it gets by naming itself for the shared album. */
async function guestToken(albums: Albums): Promise<Record<string, string>> {
  const answer = await call('anonymous', {
    method: 'POST',
    url: `/jobs/${albums.shared.id}/visitor_token`,
    payload: { name: 'Guest <img src=x onerror=alert(1)>' },
  });
  expect(answer.statusCode).toBe(200);
  return { 'x-visitor-token': VisitorTokenResponseSchema.parse(answer.json()).token };
}

async function timelineOf(role: Role) {
  const job = (await call(role, { url: '/jobs/default' })).json<{ id: string }>().id;
  const files = FilesResponseSchema.parse(
    (await call(role, { url: `/jobs/${job}/files` })).json(),
  ).files;
  return { job, file: files[0].id };
}

/** An album of the owner with three of the owner's files, joined by the two members. */
async function album(privacy: 'shared' | 'private'): Promise<{ id: string; files: string[] }> {
  const created = CreateJobResponseSchema.parse(
    (
      await call('owner', {
        method: 'POST',
        url: '/jobs',
        payload: { type: 'story', name: 'Family', public: true },
      })
    ).json(),
  );
  const ownerFiles = FilesResponseSchema.parse(
    (await call('owner', { url: `/jobs/${own.owner!.job}/files` })).json(),
  ).files.slice(0, 3);
  const copied = await call('owner', {
    method: 'POST',
    url: `/jobs/${created.id}/copy_files`,
    payload: { source_job: own.owner!.job, file_ids: ownerFiles.map((f) => f.id) },
  });
  expect(copied.statusCode).toBe(200);
  const files = copied.json<{ files: { id: string }[] }>().files.map((f) => f.id);
  // Members join while it is shared, then read-only is set (joining is allowed for them anyway).
  server.ctx.db.prepare('UPDATE users SET read_only = 0 WHERE id = ?').run(readOnlyUserId);
  for (const role of ['member', 'readOnlyMember'] as const) {
    expect(
      (await call(role, { method: 'POST', url: `/jobs/${created.id}/subscribe` })).statusCode,
    ).toBe(204);
  }
  server.ctx.db.prepare('UPDATE users SET read_only = 1 WHERE id = ?').run(readOnlyUserId);
  if (privacy === 'private') {
    expect(
      (
        await call('owner', {
          method: 'POST',
          url: `/jobs/${created.id}/privacy_mode`,
          payload: { mode: 'private' },
        })
      ).statusCode,
    ).toBe(204);
  }
  return { id: created.id, files };
}

type Expect = Record<Exclude<Role, 'anonymous' | 'guest'>, number>;
interface RoleCase {
  route: (typeof ALBUM_ROLE_ROUTES)[number];
  request: (albums: Albums, role: Role) => InjectOptions | Promise<InjectOptions>;
  expect: Expect;
  /** Without a token: 401, unless the shared album's link opens the route (SPEC §6 Visitor). */
  anonymous?: number;
  /**
   * A guest (visitor token, no account): as anonymous, unless the route takes the token (the
   * comment routes: a guest posts, and edits or deletes only its own).
   */
  guest?: number;
}

const WRITE: Expect = {
  privateStranger: 404,
  visitor: 404,
  readOnlyMember: 404,
  member: 404,
  owner: 204,
};
const READ: Expect = {
  privateStranger: 404,
  visitor: 200,
  readOnlyMember: 200,
  member: 200,
  owner: 200,
};
/** The private album for the stranger, the shared one for everyone else. */
const target = (albums: Albums, role: Role) =>
  role === 'privateStranger' ? albums.private : albums.shared;
const expected = (c: RoleCase, role: Role): number =>
  role === 'anonymous'
    ? (c.anonymous ?? 401)
    : role === 'guest'
      ? (c.guest ?? c.anonymous ?? 401)
      : c.expect[role];
const jpeg = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .jpeg()
    .toBuffer();

/** A comment of the owner's on the album's second file: its URL. */
async function ownersComment(album: { id: string; files: string[] }): Promise<string> {
  const base = `/jobs/${album.id}/files_by_id/${album.files[1]}/comments`;
  const made = await call('owner', { method: 'POST', url: base, payload: { comment: 'mine' } });
  expect(made.statusCode).toBe(200);
  return `${base}/${made.json<{ comment_uuid: string }>().comment_uuid}`;
}

const CASES: RoleCase[] = [
  {
    route: 'GET /jobs/:id/info',
    request: (a, r) => ({ url: `/jobs/${target(a, r).id}/info` }),
    expect: READ,
    anonymous: 200,
  },
  {
    route: 'POST /jobs/:id/password',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/password`,
      payload: { password: 'transformed' },
    }),
    expect: WRITE,
  },
  {
    route: 'GET /jobs/:id/users',
    request: (a, r) => ({ url: `/jobs/${target(a, r).id}/users?include_profile_url=1` }),
    expect: READ,
  },
  {
    route: 'POST /jobs/:id/name',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/name`,
      payload: { name: 'x' },
    }),
    expect: WRITE,
  },
  {
    route: 'POST /jobs/:id/privacy_mode',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/privacy_mode`,
      payload: { mode: 'private' },
    }),
    expect: WRITE,
  },
  {
    route: 'POST /jobs/:id/permissions',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/permissions`,
      payload: { allow_comments: false, allow_uploads: true },
    }),
    expect: WRITE,
  },
  {
    route: 'POST /jobs/:id/cover',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/cover`,
      payload: { id: target(a, r).files[1] },
    }),
    expect: WRITE,
  },
  {
    route: 'PUT /jobs/:id/attribute/:name',
    request: (a, r) => ({
      method: 'PUT',
      url: `/jobs/${target(a, r).id}/attribute/sort_order`,
      payload: { value: 'ADDED' },
    }),
    expect: WRITE,
  },
  {
    route: 'POST /jobs/:id/subscribe',
    request: (a, r) => ({ method: 'POST', url: `/jobs/${target(a, r).id}/subscribe` }),
    expect: { privateStranger: 404, visitor: 204, readOnlyMember: 204, member: 204, owner: 400 },
  },
  {
    route: 'POST /jobs/:id/unsubscribe',
    request: (a, r) => ({ method: 'POST', url: `/jobs/${target(a, r).id}/unsubscribe` }),
    expect: { privateStranger: 404, visitor: 404, readOnlyMember: 204, member: 204, owner: 404 },
  },
  {
    route: 'DELETE /jobs/:id',
    request: (a, r) => ({ method: 'DELETE', url: `/jobs/${target(a, r).id}` }),
    expect: WRITE,
  },
  {
    route: 'POST /jobs/:id/copy_files',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/copy_files`,
      payload: { source_job: own[r]!.job, file_ids: [own[r]!.file] },
    }),
    expect: { privateStranger: 404, visitor: 404, readOnlyMember: 403, member: 200, owner: 200 },
  },
  {
    route: 'POST /jobs/:id/keep-files',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/keep-files`,
      headers: { 'content-type': 'text/plain' },
      payload: target(a, r).files.slice(0, 2).join('\n'),
    }),
    expect: { privateStranger: 404, visitor: 200, readOnlyMember: 403, member: 200, owner: 200 },
  },
  {
    route: 'POST /jobs/:id/keep-all-files',
    request: (a, r) => ({ method: 'POST', url: `/jobs/${target(a, r).id}/keep-all-files` }),
    expect: { privateStranger: 404, visitor: 200, readOnlyMember: 403, member: 200, owner: 200 },
  },
  {
    route: 'POST /jobs/:id/upload',
    request: async (a, r) => {
      const body = multipart({ path: `${r}.jpg`, mtime: '1' }, [{ data: await jpeg() }]);
      return {
        method: 'POST',
        url: `/jobs/${target(a, r).id}/upload`,
        headers: body.headers,
        payload: body.payload,
      };
    },
    expect: { privateStranger: 404, visitor: 404, readOnlyMember: 403, member: 200, owner: 200 },
  },
  {
    route: 'DELETE /jobs/:id/files_by_id/:fileId',
    request: (a, r) => ({
      method: 'DELETE',
      url: `/jobs/${target(a, r).id}/files_by_id/${target(a, r).files[0]}`,
    }),
    // SPEC §6: only the owner or whoever added it (here the owner): "Forbidden" for the others.
    expect: { privateStranger: 404, visitor: 403, readOnlyMember: 403, member: 403, owner: 204 },
  },
  {
    route: 'GET /jobs/:id/files_by_id/:fileId/comments',
    request: (a, r) => ({
      url: `/jobs/${target(a, r).id}/files_by_id/${target(a, r).files[1]}/comments`,
    }),
    expect: READ,
    anonymous: 200,
  },
  {
    route: 'POST /jobs/:id/files_by_id/:fileId/comments',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/files_by_id/${target(a, r).files[1]}/comments`,
      payload: { comment: 'Lovely <b>day</b>' },
    }),
    // SPEC §6: whoever reads the album comments, with an account (or a guest's name) when
    // comments are allowed.
    expect: READ,
    guest: 200,
  },
  {
    route: 'PUT /jobs/:id/files_by_id/:fileId/comments/:commentId',
    request: async (a, r) => ({
      method: 'PUT',
      url: await ownersComment(target(a, r)),
      payload: { comment: 'edited' },
    }),
    // SPEC §6: a user edits only their own comments.
    expect: { privateStranger: 404, visitor: 403, readOnlyMember: 403, member: 403, owner: 200 },
    guest: 403,
  },
  {
    route: 'DELETE /jobs/:id/files_by_id/:fileId/comments/:commentId',
    request: async (a, r) => ({ method: 'DELETE', url: await ownersComment(target(a, r)) }),
    // SPEC §6: by its author or the album's owner (here both are the owner).
    expect: { privateStranger: 404, visitor: 403, readOnlyMember: 403, member: 403, owner: 204 },
    guest: 403,
  },
  {
    route: 'POST /jobs/:id/files_by_id/:fileId/reaction',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/files_by_id/${target(a, r).files[1]}/reaction`,
      payload: { reaction: 'love' },
    }),
    // SPEC §6: anyone who can read the album loves with an account (a visitor signs in first).
    expect: READ,
  },
  {
    route: 'DELETE /jobs/:id/files_by_id/:fileId/reaction',
    request: (a, r) => ({
      method: 'DELETE',
      url: `/jobs/${target(a, r).id}/files_by_id/${target(a, r).files[1]}/reaction`,
    }),
    expect: READ,
  },
  {
    route: 'POST /jobs/:id/visitor_token',
    request: (a, r) => ({
      method: 'POST',
      url: `/jobs/${target(a, r).id}/visitor_token`,
      payload: { name: 'Grandma' },
    }),
    // Issue 14: whoever reads a shared album through its link may name themselves to comment;
    // a private album makes no visitors, not even for its owner.
    expect: READ,
    anonymous: 200,
  },
  {
    route: 'GET /jobs/:id/changes',
    request: (a, r) => ({ url: `/jobs/${target(a, r).id}/changes?since=0` }),
    // Issue 14: a shared album's link follows its changes (a visitor's page goes live).
    expect: READ,
    anonymous: 200,
  },
  {
    route: 'GET /poll',
    // The album has changes already (its files were copied in): the poll answers at once.
    request: (a, r) => ({ url: `/poll?seq=0&event=job_changed:${target(a, r).id}` }),
    expect: READ,
    anonymous: 200,
  },
];

beforeAll(async () => {
  server = await testServer(200, 3);
  // Every case names a guest from the one test address: more than a real address may.
  server.ctx.visitorLimits.tokens = new RateLimiter({ limit: 1000, windowSeconds: 3600 }, () =>
    server.ctx.now(),
  );
  // …and every case comments as the same few users, faster than a person (issue 33's limit).
  server.ctx.visitorLimits.comments = new RateLimiter({ limit: 1000, windowSeconds: 60 }, () =>
    server.ctx.now(),
  );
  auth.owner = (await login(server.app)).auth;
  auth.member = (await login(server.app, 'user1@example.com')).auth;
  auth.visitor = (await login(server.app, 'user2@example.com')).auth;
  auth.privateStranger = auth.visitor;
  auth.readOnlyMember = (await login(server.app, 'user3@example.com')).auth;
  readOnlyUserId = (
    server.ctx.db.prepare("SELECT id FROM users WHERE email = 'user3@example.com'").get() as {
      id: number;
    }
  ).id;
  for (const role of ['owner', 'member', 'visitor', 'readOnlyMember'] as const) {
    own[role] = await timelineOf(role);
  }
  own.privateStranger = own.visitor;
  own.anonymous = own.visitor;
  own.guest = own.visitor;
});
afterAll(() => server.close());

describe('album role matrix (SPEC §6 on the server)', () => {
  it('lists exactly the album routes it checks', () => {
    expect(CASES.map((c) => c.route).sort()).toEqual([...ALBUM_ROLE_ROUTES].sort());
  });

  it.each(CASES.map((c) => [c.route, c] as const))('%s', async (_name, c) => {
    const albums: Albums = { shared: await album('shared'), private: await album('private') };
    const guest = await guestToken(albums);
    for (const role of ROLES) {
      server.matchedRoutes.clear();
      const res = await call(role, await c.request(albums, role), role === 'guest' ? guest : {});
      expect(res.statusCode, `${c.route} as ${role}: ${res.body}`).toBe(expected(c, role));
      expect([...server.matchedRoutes]).toContain(c.route);
      if (expected(c, role) === 403 && c.route.startsWith('DELETE /jobs/:id/files_by_id')) {
        expect(res.json()).toMatchObject({ message: 'Forbidden' });
      }
    }
  });

  it('a member deletes a file they added, not one of the owner’s; the last file takes the album', async () => {
    const shared = await album('shared');
    const mine = await call('member', {
      method: 'POST',
      url: `/jobs/${shared.id}/copy_files`,
      payload: { source_job: own.member!.job, file_ids: [own.member!.file] },
    });
    const [{ id }] = mine.json<{ files: { id: string }[] }>().files;
    const listed = FilesResponseSchema.parse(
      (await call('owner', { url: `/jobs/${shared.id}/files` })).json(),
    ).files;
    const member = (await call('member', { url: '/account_info' })).json<{ uuid: string }>().uuid;
    expect(listed.find((f) => f.id === id)?.addedBy).toBe(member);
    expect(listed.filter((f) => f.id !== id).every((f) => f.addedBy === undefined)).toBe(true);
    // SPEC §3 currentUserCan with each listed file (the client reads it, recomputes nothing):
    // the owner deletes any file and sets the cover; the member deletes only their own.
    expect(listed.map((f) => f.currentUserCan)).toEqual(
      listed.map(() => ({ deleteFile: true, setFileAsAlbumCoverPhoto: true })),
    );
    const asMember = FilesResponseSchema.parse(
      (await call('member', { url: `/jobs/${shared.id}/files` })).json(),
    ).files;
    expect(
      Object.fromEntries(asMember.map((f) => [f.id === id ? 'mine' : f.id, f.currentUserCan])),
    ).toMatchObject({
      mine: { deleteFile: true, setFileAsAlbumCoverPhoto: false },
      ...Object.fromEntries(
        shared.files.map((f) => [f, { deleteFile: false, setFileAsAlbumCoverPhoto: false }]),
      ),
    });
    expect(
      (await call('member', { method: 'DELETE', url: `/jobs/${shared.id}/files_by_id/${id}` }))
        .statusCode,
    ).toBe(204);
    // SPEC §4: deleting the last file of an album deletes the album.
    for (const file of shared.files) {
      expect(
        (await call('owner', { method: 'DELETE', url: `/jobs/${shared.id}/files_by_id/${file}` }))
          .statusCode,
      ).toBe(204);
    }
    expect((await call('owner', { url: `/jobs/${shared.id}/info` })).statusCode).toBe(404);
  });

  it('members add files only while the album allows uploads (SPEC §6 bit 2)', async () => {
    const shared = await album('shared');
    await call('owner', {
      method: 'POST',
      url: `/jobs/${shared.id}/permissions`,
      payload: { allow_comments: true, allow_uploads: false },
    });
    const body = multipart({ path: 'late.jpg', mtime: '1' }, [{ data: await jpeg() }]);
    const res = await call('member', {
      method: 'POST',
      url: `/jobs/${shared.id}/upload`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(404);
  });
});
