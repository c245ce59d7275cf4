import { describe, expect, it, vi } from 'vitest';
import { uploadDropped, type DropDeps } from './dropUpload';
import type { IncomingFile, UploadTarget } from './model';

const entry = (name: string, folder = false): IncomingFile => ({
  file: new File(['x'], name),
  ...(folder ? { folder } : {}),
});

/** A page whose offer asks for uploads into job "shared" only (state/uploadOffer.ts's rule). */
function setup(readOnly = false) {
  const ask = vi.fn();
  const upload = vi.fn<DropDeps['upload']>(() => Promise.resolve());
  const deps: DropDeps = {
    offerFor: (jobId) => (jobId === 'shared' ? ask : null),
    readOnly: () => readOnly,
    upload,
  };
  return { ask, upload, deps };
}

describe('uploadDropped (SPEC §2: a shared album asks about the timeline copy first)', () => {
  it('hands the files dropped on an asking album to its overlay, queuing nothing', () => {
    const { ask, upload, deps } = setup();
    const files = [entry('a.jpg'), entry('trip', true)];
    uploadDropped(files, { kind: 'job', jobId: 'shared' }, deps);
    expect(ask).toHaveBeenCalledTimes(1);
    // Exactly the dropped entries, a folder still marked (the queue rejects it, SPEC §5).
    expect(ask.mock.calls[0]?.[0]).toEqual(files);
    expect(upload).not.toHaveBeenCalled();
  });

  it('queues at once on the timeline and on an album that does not ask (private)', () => {
    for (const target of [
      { kind: 'timeline' },
      { kind: 'job', jobId: 'private' },
    ] satisfies UploadTarget[]) {
      const { ask, upload, deps } = setup();
      const files = [entry('a.jpg')];
      uploadDropped(files, target, deps);
      expect(ask).not.toHaveBeenCalled();
      expect(upload).toHaveBeenCalledWith(files, target);
    }
  });

  it('does not ask a read-only user: the queue says why nothing uploads', () => {
    const { ask, upload, deps } = setup(true);
    uploadDropped([entry('a.jpg')], { kind: 'job', jobId: 'shared' }, deps);
    expect(ask).not.toHaveBeenCalled();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('never offers .DS_Store (SPEC §5), and a drop of nothing else asks nothing', () => {
    const { ask, upload, deps } = setup();
    uploadDropped([entry('.DS_Store'), entry('b.jpg')], { kind: 'job', jobId: 'shared' }, deps);
    expect(ask.mock.calls[0]?.[0]).toEqual([entry('b.jpg')]);
    uploadDropped([entry('.DS_Store')], { kind: 'job', jobId: 'shared' }, deps);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(upload).not.toHaveBeenCalled();
  });
});
