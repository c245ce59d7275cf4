import { afterEach, describe, expect, it, vi } from 'vitest';
import { readString } from '../../state/persisted';
import { toastStore } from '../../state/toasts';
import { addFilesToAlbum } from './addToAlbum';
import { albumCommands } from './albumCommands';

// The calls answer with what the copy marker said while they ran.
const seen: (string | null)[] = [];
const shownWhileCopying: unknown[] = [];
vi.mock('./albumApi', () => ({
  albumCalls: {
    copyFiles: () => {
      seen.push(readString('filesAreBeingCopied'));
      return Promise.resolve({ files: [] });
    },
    copyToTimeline: () => {
      seen.push(readString('filesAreBeingCopied'));
      shownWhileCopying.push(...toastStore.getState().toasts.map((toast) => toast.message));
      return Promise.reject(new Error('boom'));
    },
  },
  refreshAlbum: () => Promise.resolve(),
  albumInfoQuery: () => ({ queryKey: ['x'] }),
  albumListQuery: { queryKey: ['y'] },
  saveViewMode: () => Promise.resolve(),
  viewModeQuery: () => ({ queryKey: ['z'] }),
}));
vi.mock('../../platform/analytics', () => ({ trackEngaged: () => undefined }));

afterEach(() => {
  toastStore.setState({ toasts: [] });
  seen.length = 0;
  shownWhileCopying.length = 0;
});

describe('copies are long-running tasks (SPEC §8, §9 filesAreBeingCopied)', () => {
  it('adding files to an album: the marker is set while it runs and cleared after', async () => {
    expect(
      await addFilesToAlbum({ albumId: 'a', sourceJob: 't', fileIds: ['f'], seeAlbum: () => {} }),
    ).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBeNull();
    expect(readString('filesAreBeingCopied')).toBeNull();
  });

  it('copying an album to the timeline: cleared even when it fails', async () => {
    expect(await albumCommands.copyToTimeline('a')).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBeNull();
    expect(readString('filesAreBeingCopied')).toBeNull();
  });

  it('copying selected files says files, not the album, while it runs and when it fails', async () => {
    expect(await albumCommands.copyToTimeline('a', ['f', 'g'])).toBe(false);
    expect(shownWhileCopying).toEqual([{ key: 'albums.copy.copyingFiles' }]);
    expect(toastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      { key: 'albums.copy.filesFailed' },
    ]);
    expect(readString('filesAreBeingCopied')).toBeNull();
  });
});
