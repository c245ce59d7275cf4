import { afterEach, describe, expect, it } from 'vitest';
import { anyLongTaskRunning, asLongTask, longTaskStore } from './longTasks';
import { readString } from './persisted';

afterEach(() =>
  longTaskStore.setState({ running: { delete: 0, restore: 0, copy: 0, download: 0 } }),
);

const running = () => anyLongTaskRunning(longTaskStore.getState());

describe('long-running tasks (SPEC §8, §9)', () => {
  it.each([
    ['delete', 'filesAreBeingDeleted'],
    ['restore', 'filesAreBeingRestored'],
    ['copy', 'filesAreBeingCopied'],
  ] as const)('a %s writes %s while it runs; the last one to end clears it', (kind, marker) => {
    const first = longTaskStore.getState().begin(kind);
    const second = longTaskStore.getState().begin(kind);
    expect(readString(marker)).not.toBeNull();
    expect(running()).toBe(true);
    first();
    first(); // Ending twice is one end.
    expect(readString(marker)).not.toBeNull();
    second();
    expect(readString(marker)).toBeNull();
    expect(running()).toBe(false);
  });

  it('preparing a download is pending (leaving warns) but the SPEC gives it no marker', () => {
    const end = longTaskStore.getState().begin('download');
    expect(running()).toBe(true);
    for (const marker of [
      'filesAreBeingDeleted',
      'filesAreBeingRestored',
      'filesAreBeingCopied',
    ] as const) {
      expect(readString(marker)).toBeNull();
    }
    end();
    expect(running()).toBe(false);
  });

  it('asLongTask ends the task however the work settles', async () => {
    let during = false;
    await expect(
      asLongTask('copy', () => {
        during = readString('filesAreBeingCopied') !== null;
        return Promise.reject(new Error('boom'));
      }),
    ).rejects.toThrow('boom');
    expect(during).toBe(true);
    expect(readString('filesAreBeingCopied')).toBeNull();
    expect(running()).toBe(false);
  });
});
