import { describe, expect, it } from 'vitest';
import { failureForStatus, uploadAnswer, UploadError } from './transport';

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

describe('uploadAnswer: SPEC §3 file server statuses and existence values', () => {
  const answer = (status: string) => JSON.stringify({ id: 'file-1', status });
  const failure = (text: string) => {
    try {
      uploadAnswer(text);
    } catch (error) {
      return error as UploadError;
    }
    return null;
  };

  it.each([
    'uploading',
    'resumable',
    'ready_for_processing',
    'processing',
    'ready_for_transcoding',
    'done',
    'exists',
  ])('%s: the server has the file, it is uploaded', (status) => {
    expect(uploadAnswer(answer(status))).toBe('file-1');
  });

  it.each(['deleted', 'trashed'])('%s: SPEC §8 FileWasDeleted', (status) => {
    const error = failure(answer(status));
    expect(error).toBeInstanceOf(UploadError);
    expect(error?.kind).toBe('fileWasDeleted');
  });

  it('failed: the server refused the file; an unknown status is a malformed answer', () => {
    expect(failure(answer('failed'))?.kind).toBe('rejected');
    expect(failure(answer('lost'))?.kind).toBe('server');
  });
});
