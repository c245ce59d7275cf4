import { describe, expect, it } from 'vitest';
import { failureForStatus } from './transport';

const body = (error: string) => JSON.stringify({ error, message: 'm' });

describe('failureForStatus (SPEC §8 upload errors)', () => {
  it('maps the server’s refusals by their code', () => {
    // Issue 22: a read-only user's upload, dedup or album creation.
    expect(failureForStatus(403, body('read_only_user'))).toBe('readOnly');
    // Issue 23: a file name with control characters.
    expect(failureForStatus(400, body('invalid_file_name'))).toBe('invalidName');
    expect(failureForStatus(403, body('forbidden'))).toBe('rejected');
    expect(failureForStatus(400, body('invalid_request'))).toBe('rejected');
    expect(failureForStatus(403, 'not json')).toBe('rejected');
    expect(failureForStatus(413, body('file_too_large'))).toBe('tooLarge');
    expect(failureForStatus(413, body('out_of_storage'))).toBe('outOfStorage');
    expect(failureForStatus(503)).toBe('server');
    expect(failureForStatus(0)).toBe('network');
  });
});
