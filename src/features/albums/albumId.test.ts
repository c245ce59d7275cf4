import { describe, expect, it } from 'vitest';
import { albumIdFromParam } from './albumId';

describe('albumIdFromParam (SPEC §2 albumID or albumIDB64)', () => {
  const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
  it('takes an id as it is, and decodes one given in base64 or base64url', () => {
    expect(albumIdFromParam(id)).toBe(id);
    expect(albumIdFromParam(btoa(id))).toBe(id);
    expect(
      albumIdFromParam(btoa(id).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')),
    ).toBe(id);
  });
  it('leaves anything else for the server to refuse', () => {
    expect(albumIdFromParam('not-an-album')).toBe('not-an-album');
    expect(albumIdFromParam(btoa('<script>'))).toBe(btoa('<script>'));
    expect(albumIdFromParam('%%%')).toBe('%%%');
  });
});
