// Tests only (not imported by the app): a server in memory for the upload queue's tests.
import { vi } from 'vitest';
import type { ResumableUploads } from '../../api/contract/account';
import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import {
  UploadError,
  type ResumableSendRequest,
  type SendRequest,
  type UploadTransport,
} from './transport';

interface PendingSend<R extends SendRequest = SendRequest> {
  request: R;
  resolve: (uuid: string) => void;
  reject: (error: unknown) => void;
}

/** What the fake service says of resumable uploads (issue 32): on, with tus at /resumable. */
export const OFFERED: ResumableUploads = {
  protocol: 'tus',
  version: '1.0.0',
  endpoint: '/resumable',
  max_size: MAX_UPLOAD_BYTES,
};

/** A server in memory: sends wait until the test answers them. */
export class FakeTransport implements UploadTransport {
  known = new Map<string, string>();
  sends: PendingSend[] = [];
  dedupCalls: { job: string; checksum: string; policy: string }[] = [];
  albumsCreated: string[] = [];
  account = vi.fn(() =>
    Promise.resolve({ uuid: 'me', usedSpace: 0, maxSpace: 1000, readOnly: false }),
  );
  types: Record<string, 'timeline' | 'story' | 'share'> = { album: 'story', 'tl-job': 'timeline' };
  dedupFailure: UploadError | null = null;

  dedup = (request: { job: string; checksum: string; policy: string }) => {
    this.dedupCalls.push(request);
    if (this.dedupFailure) return Promise.reject(this.dedupFailure);
    return Promise.resolve(this.known.get(`${request.job}:${request.checksum}`) ?? null);
  };
  send = (request: SendRequest) =>
    new Promise<string>((resolve, reject) => {
      this.sends.push({ request, resolve, reject });
      request.signal.addEventListener('abort', () => reject(new UploadError('aborted')));
    });
  createAlbum = (name: string) => {
    this.albumsCreated.push(name);
    return Promise.resolve(`created-${this.albumsCreated.length}`);
  };
  jobType = (id: string) => Promise.resolve(this.types[id] ?? 'story');
  defaultJob = () => Promise.resolve('tl-job');

  /** Issue 32: null is a SPEC-only service (multipart only). */
  offered: ResumableUploads | null = null;
  resumableSends: PendingSend<ResumableSendRequest>[] = [];
  discarded: string[] = [];
  resumableUploads = vi.fn(() => Promise.resolve(this.offered));
  sendResumable = (request: ResumableSendRequest) =>
    new Promise<string>((resolve, reject) => {
      this.resumableSends.push({ request, resolve, reject });
      request.signal.addEventListener('abort', () => reject(new UploadError('aborted')));
    });
  discardResumable = (url: string) => {
    this.discarded.push(url);
    return Promise.resolve();
  };

  answer(index: number, uuid = `uuid-${index}`) {
    const send = this.sends[index];
    send.request.onSent();
    send.resolve(uuid);
  }
}

export const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
