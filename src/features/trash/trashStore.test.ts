import { beforeEach, describe, expect, it } from 'vitest';
import { trashStore } from './trashStore';

const processing = () => Object.fromEntries(trashStore.getState().processingFiles);

describe('trashStore processingFiles (SPEC §3 Trash state)', () => {
  beforeEach(() => trashStore.setState({ processingFiles: new Map() }));

  it('holds the files of a restore or a delete while the task runs', () => {
    const endRestore = trashStore.getState().begin(['a', 'b'], 'restore');
    const endDelete = trashStore.getState().begin(['c'], 'delete');
    expect(processing()).toEqual({ a: 'restore', b: 'restore', c: 'delete' });
    endRestore();
    expect(processing()).toEqual({ c: 'delete' });
    endDelete();
    expect(processing()).toEqual({});
  });

  it('ends a task once, and leaves a file a later task took over', () => {
    const endRestore = trashStore.getState().begin(['a'], 'restore');
    const endDelete = trashStore.getState().begin(['a'], 'delete');
    endRestore();
    endRestore();
    expect(processing()).toEqual({ a: 'delete' });
    endDelete();
    expect(processing()).toEqual({});
  });
});
