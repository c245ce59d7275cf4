import { describe, expect, it } from 'vitest';
import { ApiError, InternalError, STORED_AUTH_UNDEFINED, type ApiErrorKind } from '../api/errors';
import { retryOnce } from './queryClient';

const apiError = (kind: ApiErrorKind, status?: number) =>
  new ApiError({ kind, status, method: 'GET', path: '/account_info' });

describe('retryOnce', () => {
  it('tries a read once more after a failure on the way', () => {
    expect(retryOnce(0, apiError('network'))).toBe(true);
    expect(retryOnce(0, apiError('server', 503))).toBe(true);
    expect(retryOnce(0, apiError('malformed'))).toBe(true);
    expect(retryOnce(0, apiError('notFound', 404))).toBe(true);
    expect(retryOnce(0, new Error('parse'))).toBe(true);
    expect(retryOnce(1, apiError('network'))).toBe(false);
  });

  it('never retries an answer that ends the session or would come again', () => {
    expect(retryOnce(0, apiError('unauthorized', 401))).toBe(false);
    expect(retryOnce(0, apiError('forbidden', 403))).toBe(false);
    expect(retryOnce(0, apiError('badRequest', 400))).toBe(false);
    expect(retryOnce(0, apiError('offline'))).toBe(false);
    expect(retryOnce(0, apiError('aborted'))).toBe(false);
    expect(retryOnce(0, new InternalError(STORED_AUTH_UNDEFINED))).toBe(false);
  });
});
