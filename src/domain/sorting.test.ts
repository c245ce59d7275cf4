import { describe, expect, it } from 'vitest';
import { compareByTakenAsc, compareByTakenDesc, type SortableFile, takenTime } from './sorting';

function paths(files: SortableFile[], compare: (a: SortableFile, b: SortableFile) => number) {
  return [...files].sort(compare).map((file) => file.path);
}

describe('takenTime', () => {
  it('uses ctime, falling back to mtime', () => {
    // SPEC §5: "Files sorted by ctime, falling back to mtime, then path."
    expect(takenTime({ ctime: 100, mtime: 900, path: 'a' })).toBe(100);
    expect(takenTime({ ctime: null, mtime: 900, path: 'a' })).toBe(900);
    expect(takenTime({ mtime: 900, path: 'a' })).toBe(900);
    expect(takenTime({ ctime: 0, mtime: 900, path: 'a' })).toBe(900);
  });
});

describe('compareByTakenDesc', () => {
  it('sorts newest first by ctime, falling back to mtime', () => {
    // SPEC §5: "Files sorted by ctime, falling back to mtime, then path."
    const files: SortableFile[] = [
      { ctime: 100, mtime: 500, path: 'old.jpg' },
      { ctime: null, mtime: 300, path: 'no-ctime.jpg' },
      { ctime: 400, mtime: 100, path: 'new.jpg' },
    ];
    expect(paths(files, compareByTakenDesc)).toEqual(['new.jpg', 'no-ctime.jpg', 'old.jpg']);
  });

  it('breaks ties by mtime, then by path ascending', () => {
    const files: SortableFile[] = [
      { ctime: 100, mtime: 1, path: 'b.jpg' },
      { ctime: 100, mtime: 1, path: 'a.jpg' },
      { ctime: 100, mtime: 2, path: 'c.jpg' },
      { ctime: 100, mtime: 1, path: 'B.jpg' },
    ];
    expect(paths(files, compareByTakenDesc)).toEqual(['c.jpg', 'B.jpg', 'a.jpg', 'b.jpg']);
  });

  it('returns 0 only for equal keys', () => {
    const file = { ctime: 1, mtime: 2, path: 'x' };
    expect(compareByTakenDesc(file, { ...file })).toBe(0);
  });
});

describe('compareByTakenAsc', () => {
  it('sorts oldest first with paths still ascending on ties', () => {
    const files: SortableFile[] = [
      { ctime: 400, mtime: 100, path: 'new.jpg' },
      { ctime: 100, mtime: 100, path: 'b.jpg' },
      { ctime: 100, mtime: 100, path: 'a.jpg' },
    ];
    expect(paths(files, compareByTakenAsc)).toEqual(['a.jpg', 'b.jpg', 'new.jpg']);
  });
});
