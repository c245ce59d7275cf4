import type { UploadItem } from './model';

/** An upload queue item for tests: a small JPEG waiting in the queue, with `overrides`. */
export function testItem(overrides: Partial<UploadItem> = {}): UploadItem {
  return {
    id: 'a',
    targetJob: 'j',
    targetFolder: '',
    alsoTargetTimeline: false,
    name: 'a.jpg',
    size: 1,
    status: 'Enqueued',
    uploadedPercent: 0,
    fileUUID: null,
    statusReason: null,
    uploadIndex: 0,
    mtimeMs: 0,
    policy: 'once_only',
    checksum: null,
    retrying: false,
    ...overrides,
  };
}
