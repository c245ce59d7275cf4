import { describe, expect, it } from 'vitest';
import { filesFromDrop, isSafari } from './dropEntries';

const file = (name: string) => new File(['x'], name);

function transfer(entries: { name: string; directory?: boolean }[]): DataTransfer {
  const items = entries.map(({ name, directory }) => ({
    kind: 'file',
    getAsFile: () => (directory ? null : file(name)),
    webkitGetAsEntry: () => ({ isDirectory: Boolean(directory), name }),
  }));
  return { items, files: [] } as unknown as DataTransfer;
}

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('filesFromDrop', () => {
  it('keeps files and marks folders (SPEC §5: folders cannot be uploaded)', () => {
    const result = filesFromDrop(
      transfer([{ name: 'a.jpg' }, { name: 'Trip', directory: true }]),
      CHROME,
    );
    expect(result.map((r) => [r.file.name, Boolean(r.folder), Boolean(r.safari)])).toEqual([
      ['a.jpg', false, false],
      ['Trip', true, false],
    ]);
  });

  it('notes Safari, which has its own folder message', () => {
    const [folder] = filesFromDrop(transfer([{ name: 'Trip', directory: true }]), SAFARI);
    expect(folder).toMatchObject({ folder: true, safari: true });
    expect(isSafari(SAFARI)).toBe(true);
    expect(isSafari(CHROME)).toBe(false);
  });

  it('falls back to the file list when the browser gives no items', () => {
    const files = [file('b.png')];
    const result = filesFromDrop({ items: [], files } as unknown as DataTransfer, CHROME);
    expect(result).toEqual([{ file: files[0] }]);
  });
});
