// Issue 32: sendResumable's own steps, with tus-js-client and the upload call replaced by fakes:
// a conflict goes on with the same upload (never a new one), an upload that is gone is replaced,
// the finish names the upload and the checksum, and its refusals become the queue's kinds.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Transport from './transport';
import { UploadError, type ResumableSendRequest } from './transport';

type TransportModule = typeof Transport;

interface FakeUpload {
  options: {
    uploadUrl: string | null;
    onUploadUrlAvailable: () => void;
    onProgress: (sent: number, total: number) => void;
    onSuccess: () => void;
    onError: (error: Error) => void;
  };
  url: string | null;
}

const uploads = vi.hoisted(() => [] as FakeUpload[]);
const finishes = vi.hoisted(() => [] as Record<string, string>[]);
const finishAnswers = vi.hoisted(() => [] as (() => Promise<string>)[]);

vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null;
    constructor(
      _file: Blob,
      readonly options: FakeUpload['options'],
    ) {
      this.url = options.uploadUrl;
      uploads.push(this);
    }
    start() {}
    abort() {
      return Promise.resolve();
    }
  },
}));

vi.mock('./transport', async (original) => ({
  ...(await original<TransportModule>()),
  uploadUrl: (job: string) => `https://api.test/jobs/${job}/upload`,
  postUploadForm: (request: { fields: Record<string, string> }) => {
    finishes.push(request.fields);
    return (finishAnswers.shift() ?? (() => Promise.resolve('{"id":"file-1","status":"done"}')))();
  },
}));

const { sendResumable } = await import('./resumable');

/** A tus-js-client failure: the method and the answer's status (null: no answer). */
function tusFailure(method: string, status: number | null, code?: string): Error {
  return Object.assign(new Error('tus: failed'), {
    originalRequest: { getMethod: () => method },
    originalResponse:
      status === null
        ? null
        : {
            getStatus: () => status,
            getBody: () => (code ? JSON.stringify({ error: code }) : ''),
          },
  });
}

/** Lets the send go on (tus-js-client is imported on first use) until it waits again. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function request(overrides: Partial<ResumableSendRequest> = {}): ResumableSendRequest {
  return {
    job: 'j',
    path: 'v.mp4',
    mtime: 1_700_000_000,
    policy: 'once_only',
    file: new File([new Uint8Array(8)], 'v.mp4', { lastModified: 1_700_000_000_000 }),
    signal: new AbortController().signal,
    onProgress: vi.fn(),
    onSent: vi.fn(),
    checksum: 'a'.repeat(40),
    offered: {
      protocol: 'tus',
      version: '1.0.0',
      endpoint: 'https://up.test/files/',
      max_size: 1e12,
    },
    resume: null,
    onResumable: vi.fn(),
    ...overrides,
  };
}

beforeEach(() => {
  uploads.length = 0;
  finishes.length = 0;
  finishAnswers.length = 0;
});

describe('sendResumable', () => {
  it('after a conflict goes on with the same upload, then finishes it with its checksum', async () => {
    const sending = request();
    const done = sendResumable(sending, 'Basic x');
    await settle();
    const first = uploads[0];
    expect(first.options.uploadUrl).toBeNull();
    first.url = 'https://up.test/files/u1';
    first.options.onUploadUrlAvailable();
    expect(sending.onResumable).toHaveBeenCalledWith({
      url: 'https://up.test/files/u1',
      offset: 0,
      size: 8,
      mtimeMs: 1_700_000_000_000,
    });
    // The browser resent a cut PATCH at the old offset: 409.
    first.options.onError(tusFailure('PATCH', 409, 'offset_mismatch'));
    await settle();
    expect(uploads).toHaveLength(2);
    expect(uploads[1].options.uploadUrl).toBe('https://up.test/files/u1');
    uploads[1].options.onSuccess();
    await expect(done).resolves.toBe('file-1');
    expect(sending.onSent).toHaveBeenCalledOnce();
    expect(finishes).toEqual([
      {
        path: 'v.mp4',
        mtime: '1700000000',
        policy: 'once_only',
        resumable_upload: 'https://up.test/files/u1',
        checksum: 'a'.repeat(40),
      },
    ]);
  });

  it('goes on from the upload kept with the item, and replaces one that is gone', async () => {
    const kept = { url: 'https://up.test/files/old', offset: 4, size: 8, mtimeMs: 1 };
    const sending = request({ resume: kept });
    const done = sendResumable(sending, 'Basic x');
    await settle();
    expect(uploads[0].options.uploadUrl).toBe('https://up.test/files/old');
    uploads[0].options.onError(tusFailure('PATCH', 404, 'upload_not_found'));
    await settle();
    expect(sending.onResumable).toHaveBeenCalledWith(null);
    expect(uploads[1].options.uploadUrl).toBeNull();
    uploads[1].url = 'https://up.test/files/new';
    uploads[1].options.onUploadUrlAvailable();
    uploads[1].options.onSuccess();
    await expect(done).resolves.toBe('file-1');
    expect(finishes[0].resumable_upload).toBe('https://up.test/files/new');
  });

  it('an unfinished upload at the finish is resumed (HEAD) and finished again', async () => {
    finishAnswers.push(() =>
      Promise.reject(new UploadError('fileWasDeleted', '409', 'upload_incomplete')),
    );
    const done = sendResumable(request(), 'Basic x');
    await settle();
    uploads[0].url = 'https://up.test/files/u1';
    uploads[0].options.onUploadUrlAvailable();
    uploads[0].options.onSuccess();
    await settle();
    expect(uploads[1].options.uploadUrl).toBe('https://up.test/files/u1');
    uploads[1].options.onSuccess();
    await expect(done).resolves.toBe('file-1');
    expect(finishes).toHaveLength(2);
  });

  it('maps the finish refusals of issue 32 to the queue’s kinds', async () => {
    const finishWith = async (code: string) => {
      finishAnswers.push(() => Promise.reject(new UploadError('fileWasDeleted', '409', code)));
      const done = sendResumable(request(), 'Basic x');
      await settle();
      const upload = uploads.at(-1)!;
      upload.url = 'https://up.test/files/u';
      upload.options.onUploadUrlAvailable();
      upload.options.onSuccess();
      return done.catch((error: UploadError) => error.kind);
    };
    expect(await finishWith('checksum_mismatch')).toBe('fileChanged');
    expect(await finishWith('upload_not_found')).toBe('uploadGone');
    expect(await finishWith('upload_busy')).toBe('server');
    // A SPEC refusal keeps its meaning (once_only: deleted before).
    expect(await finishWith('file_was_deleted')).toBe('fileWasDeleted');
  });

  it('a lost connection goes to the queue (no retries of its own)', async () => {
    const done = sendResumable(request(), 'Basic x');
    await settle();
    uploads[0].options.onError(tusFailure('PATCH', null));
    await expect(done).rejects.toMatchObject({ kind: 'network' });
    expect(uploads).toHaveLength(1);
  });
});
