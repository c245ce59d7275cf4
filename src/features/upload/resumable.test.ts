import type { HttpRequest, HttpResponse } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { endpointUrl, transferFailure } from './resumable';
import { UploadError } from './transport';

/** A tus-js-client failure of `method` answered `status` with an error `code` (or no answer). */
function failure(method: string, status: number | null, code?: string): Error {
  const request = {
    getMethod: () => method,
    getURL: () => 'https://api/resumable/u1',
    getHeader: () => undefined,
  } as unknown as HttpRequest;
  const response =
    status === null
      ? null
      : ({
          getStatus: () => status,
          getBody: () => (code ? JSON.stringify({ error: code, message: 'm' }) : 'plain'),
        } as unknown as HttpResponse);
  // tus-js-client's DetailedError: the request, and the answer (null when there was none).
  return Object.assign(new Error('tus: failed'), {
    originalRequest: request,
    originalResponse: response,
    causingError: null,
  });
}

const kindOf = (error: Error) => (error instanceof UploadError ? error.kind : 'resume again');

describe('transferFailure (issue 32: a tus failure as the queue sees it)', () => {
  it('an upload that is gone or holds too much is started anew; a conflict asks again', () => {
    expect(kindOf(transferFailure(failure('PATCH', 404, 'upload_not_found')))).toBe('uploadGone');
    expect(kindOf(transferFailure(failure('PATCH', 410)))).toBe('uploadGone');
    expect(kindOf(transferFailure(failure('PATCH', 413, 'upload_length_exceeded')))).toBe(
      'uploadGone',
    );
    expect(kindOf(transferFailure(failure('PATCH', 409, 'offset_mismatch')))).toBe('resume again');
    expect(kindOf(transferFailure(failure('HEAD', 423)))).toBe('server');
  });

  it('a refused creation is the SPEC upload failure of its code', () => {
    expect(kindOf(transferFailure(failure('POST', 413, 'out_of_storage')))).toBe('outOfStorage');
    expect(kindOf(transferFailure(failure('POST', 413, 'file_too_large')))).toBe('tooLarge');
    expect(kindOf(transferFailure(failure('POST', 404, 'not_found')))).toBe('jobDeleted');
    expect(kindOf(transferFailure(failure('POST', 403, 'read_only_user')))).toBe('readOnly');
    expect(kindOf(transferFailure(failure('POST', 401, 'unauthorized')))).toBe('unauthorized');
    expect(kindOf(transferFailure(failure('PATCH', 503)))).toBe('server');
  });

  it('no answer at all is the network', () => {
    expect(kindOf(transferFailure(failure('PATCH', null)))).toBe('network');
    expect(kindOf(transferFailure(new Error('source is done after 10 bytes')))).toBe('network');
  });
});

describe('endpointUrl', () => {
  it('takes an absolute http(s) endpoint as given and refuses other schemes', () => {
    expect(endpointUrl('https://upload.example.com/files/')).toBe(
      'https://upload.example.com/files/',
    );
    expect(() => endpointUrl('javascript:alert(1)')).toThrow(UploadError);
  });
});
