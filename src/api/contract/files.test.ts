import { describe, expect, it } from 'vitest';
import { FileSchema } from './files';

const file = { id: 'f-1', path: 'a.jpg', mtime: 1_700_000_000, size: 10 };

describe('SPEC §3 File type', () => {
  it('reads the SPEC’s words for a type as the client’s three', () => {
    const typeOf = (type: string) => FileSchema.parse({ ...file, type }).type;
    expect(typeOf('Pictures')).toBe('picture');
    expect(typeOf('image')).toBe('picture');
    expect(typeOf('livephoto')).toBe('picture');
    expect(typeOf('Movies')).toBe('movie');
    expect(typeOf('movie')).toBe('movie');
    expect(typeOf('document')).toBe('document');
    expect(typeOf('picture')).toBe('picture');
  });

  it('still refuses a type it does not know', () => {
    expect(FileSchema.safeParse({ ...file, type: 'hologram' }).success).toBe(false);
    expect(FileSchema.safeParse({ ...file, type: 'toString' }).success).toBe(false);
  });
});
