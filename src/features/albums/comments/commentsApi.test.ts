// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { resetMemoryFallbackForTests, writeJson } from '../../../state/persisted';
import {
  commentFailure,
  forgetVisitor,
  keepPendingComment,
  takePendingComment,
  visitorFor,
} from './commentsApi';

afterEach(() => {
  sessionStorage.clear();
  resetMemoryFallbackForTests();
});

const visitor = (expires: number) => ({
  token: 't',
  visitor_uuid: 'v',
  name: 'Ann',
  expires,
});

describe('a visitor’s name per album (session storage visitorTokens)', () => {
  it('is read for its album only, until it expires, and can be forgotten', () => {
    const future = Date.now() / 1000 + 3600;
    writeJson('visitorTokens', { a: visitor(future), b: visitor(Date.now() / 1000 - 1) });
    expect(visitorFor('a')?.name).toBe('Ann');
    expect(visitorFor('b')).toBeNull();
    expect(visitorFor('c')).toBeNull();
    forgetVisitor('a');
    expect(visitorFor('a')).toBeNull();
  });

  it('ignores a stored value that is not what was written (tampered or from an old version)', () => {
    sessionStorage.setItem('visitorTokens', JSON.stringify({ a: { token: 5 } }));
    expect(visitorFor('a')).toBeNull();
    sessionStorage.setItem('visitorTokens', '{not json');
    expect(visitorFor('a')).toBeNull();
  });
});

describe('pendingComment (SPEC §4: kept until the login completes, then replayed)', () => {
  it('is taken once, on its own file only', () => {
    keepPendingComment({ jobId: 'a', fileId: 'f', text: 'Hello' });
    expect(takePendingComment('a', 'other')).toBeNull();
    expect(takePendingComment('b', 'f')).toBeNull();
    expect(takePendingComment('a', 'f')).toBe('Hello');
    expect(takePendingComment('a', 'f')).toBeNull();
  });
});

describe('what a failed comment call says (issues 19 and 33)', () => {
  const answer = (status: number, body?: unknown) =>
    new ApiError({
      kind: status === 403 ? 'forbidden' : 'http',
      method: 'PUT',
      path: '/jobs/j/files_by_id/f/comments/c',
      status,
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('too many at once on a 429, whatever its body; comments off on comments_not_allowed', () => {
    expect(commentFailure(answer(429))).toBe('tooMany');
    expect(commentFailure(answer(429, { error: 'too_many_requests' }))).toBe('tooMany');
    expect(commentFailure(answer(403, { error: 'comments_not_allowed' }))).toBe('closed');
    expect(commentFailure(new ApiError({ kind: 'offline', method: 'PUT', path: '/jobs/j' }))).toBe(
      'offline',
    );
  });

  it('nothing more for another refusal: the action keeps its own text (SPEC §8)', () => {
    expect(commentFailure(answer(403))).toBeUndefined();
    expect(commentFailure(answer(403, { error: 'forbidden' }))).toBeUndefined();
    expect(commentFailure(answer(500))).toBeUndefined();
    expect(commentFailure(new Error('x'))).toBeUndefined();
  });
});
