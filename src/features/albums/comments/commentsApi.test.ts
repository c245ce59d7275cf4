// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { resetMemoryFallbackForTests, writeJson } from '../../../state/persisted';
import { forgetVisitor, keepPendingComment, takePendingComment, visitorFor } from './commentsApi';

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
