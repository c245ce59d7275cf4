import { describe, expect, it } from 'vitest';
import {
  actionFailure,
  ApiError,
  errorCodeOfBody,
  INVALID_SERVICE_DICT,
  InternalError,
  SERVICE_DICT_UNAVAILABLE,
  STORED_AUTH_UNDEFINED,
  isApiError,
  kindForStatus,
  needsNetwork,
} from './errors';

describe('ApiError', () => {
  it('keeps kind, status, body and an i18n key', () => {
    const error = new ApiError({
      kind: 'forbidden',
      method: 'get',
      path: '/account_info',
      status: 403,
      body: 'nope',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe('forbidden');
    expect(error.status).toBe(403);
    expect(error.body).toBe('nope');
    expect(error.i18nKey).toBe('errors.api.forbidden');
    expect(error.message).toBe('forbidden 403 GET /account_info');
  });

  it('masks ids and drops the query from the path and message', () => {
    const error = new ApiError({
      kind: 'notFound',
      method: 'GET',
      path: 'https://ps.example.com/jobs/abcd-ef/info?foreign_auth=secret',
    });
    expect(error.path).toBe('https://ps.example.com/jobs/****-ef/info');
    expect(error.message).not.toContain('secret');
    expect(error.message).not.toContain('abcd');
  });

  it('isApiError narrows and optionally checks the kind', () => {
    const error = new ApiError({ kind: 'network', method: 'GET', path: '/x' });
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'network')).toBe(true);
    expect(isApiError(error, 'server')).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});

describe('kindForStatus (SPEC §7 answers)', () => {
  it.each([
    [400, 'badRequest'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'notFound'],
    [409, 'conflict'],
    [413, 'payloadTooLarge'],
    [500, 'server'],
    [503, 'server'],
    [418, 'http'],
    [302, 'http'],
  ] as const)('%i → %s', (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
  });
});

describe('InternalError (SPEC §8 texts)', () => {
  it('uses the catalogue texts verbatim', () => {
    expect(INVALID_SERVICE_DICT).toBe('Invalid service dict');
    expect(SERVICE_DICT_UNAVAILABLE).toBe(
      'Service dict must be made available (by logging in etc)',
    );
    expect(STORED_AUTH_UNDEFINED).toBe('StoredServiceDict or authToken is undefined');
    const error = new InternalError(INVALID_SERVICE_DICT, { detail: 'thumbHost missing' });
    expect(error.message).toBe('Invalid service dict');
    expect(error.detail).toBe('thumbHost missing');
    expect(error.name).toBe('InternalError');
  });
});

describe('errorCodeOfBody', () => {
  it('reads the JSON error code, and nothing from other bodies', () => {
    expect(errorCodeOfBody('{"error":"password_required","message":"x"}')).toBe(
      'password_required',
    );
    expect(errorCodeOfBody('{"message":"x"}')).toBeNull();
    expect(errorCodeOfBody('{"error":3}')).toBeNull();
    expect(errorCodeOfBody('<html>')).toBeNull();
    expect(errorCodeOfBody(undefined)).toBeNull();
  });
});

describe('actions that need the server (issue 19)', () => {
  const failed = (kind: ApiError['kind'], status?: number) =>
    new ApiError({ kind, status, method: 'POST', path: '/jobs/j/love' });

  it('a call refused offline or lost on the network needs the network; answers do not', () => {
    expect(needsNetwork(failed('offline'))).toBe(true);
    expect(needsNetwork(failed('network'))).toBe(true);
    expect(needsNetwork(failed('server', 500))).toBe(false);
    expect(needsNetwork(failed('aborted'))).toBe(false);
    expect(needsNetwork(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('says it needs the network instead of the action failure text', () => {
    const own = { key: 'timeline.delete.failed', values: { count: 2 } } as const;
    expect(actionFailure(failed('offline'), own)).toEqual({ key: 'errors.api.offline' });
    expect(actionFailure(failed('network'), own)).toEqual({ key: 'errors.api.offline' });
    expect(actionFailure(failed('forbidden', 403), own)).toBe(own);
    expect(actionFailure(new Error('boom'), own)).toBe(own);
    expect(failed('offline').i18nKey).toBe('errors.api.offline');
  });
});
