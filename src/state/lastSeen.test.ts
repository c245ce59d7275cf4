import { afterEach, describe, expect, it } from 'vitest';
import { lastSeenOf, lastSeenStore } from './lastSeen';

afterEach(() => lastSeenStore.getState().clear());

describe('lastSeenStore (SPEC §3 last seen element per job)', () => {
  it('keeps one element per job, the latest winning', () => {
    const { remember } = lastSeenStore.getState();
    expect(lastSeenOf('album-a')).toBeNull();
    remember('album-a', { fileId: 'f1', sectionKey: '2024-3', offset: 12 });
    remember('timeline-job', { fileId: 't9', sectionKey: '2023-1', offset: 0 });
    remember('album-a', { fileId: 'f2', sectionKey: '2024-2', offset: -40 });
    expect(lastSeenOf('album-a')).toEqual({ fileId: 'f2', sectionKey: '2024-2', offset: -40 });
    expect(lastSeenOf('timeline-job')).toEqual({ fileId: 't9', sectionKey: '2023-1', offset: 0 });
    expect(lastSeenOf('album-b')).toBeNull();
  });

  it('keeps a copy: changing the object handed in changes nothing kept', () => {
    const seen = { fileId: 'f1', sectionKey: 's', offset: 5 };
    lastSeenStore.getState().remember('job', seen);
    seen.fileId = 'other';
    expect(lastSeenOf('job')?.fileId).toBe('f1');
  });

  it('forgets every job on clear (sign-out)', () => {
    lastSeenStore.getState().remember('job', { fileId: 'f1', sectionKey: 's', offset: 5 });
    lastSeenStore.getState().clear();
    expect(lastSeenOf('job')).toBeNull();
    expect(lastSeenStore.getState().byJob).toEqual({});
  });
});
