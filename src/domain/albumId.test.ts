import { describe, expect, it } from 'vitest';
import {
  ALBUM_ID_B64_MAX_LENGTH,
  MISSING_ALBUM_PARAMS,
  albumIdFromParam,
  albumIdOf,
  decodeAlbumIdB64,
} from './albumId';

const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const base64 = btoa(id); // RFC 4648 §4, padded
const base64url = base64.replace(/\+/g, '-').replace(/\//g, '_');

describe('albumIDB64 (SPEC §2: album ids in some routes are base64-encoded)', () => {
  it('decodes the base64 of a job id, padded or not, standard or URL-safe alphabet', () => {
    expect(base64).toHaveLength(48);
    expect(decodeAlbumIdB64(base64)).toBe(id);
    expect(decodeAlbumIdB64(base64.replace(/=+$/, ''))).toBe(id);
    expect(decodeAlbumIdB64(base64url)).toBe(id);
    // A job id is hex digits and dashes: its base64 never holds "+" or "/", so a link made with
    // either alphabet is the same link.
    expect(btoa('ffffffff-ffff-4fff-bfff-ffffffffffff')).not.toMatch(/[+/]/);
  });

  it('refuses bad base64, empty and overlong input, and base64 of anything but a job id', () => {
    expect(decodeAlbumIdB64('')).toBeNull();
    expect(decodeAlbumIdB64('%%%')).toBeNull();
    expect(decodeAlbumIdB64('abc')).toBeNull(); // decodes to two bytes, no id
    expect(decodeAlbumIdB64('a')).toBeNull(); // one character encodes no whole byte
    expect(decodeAlbumIdB64(`${base64}=`)).toBeNull(); // padding past the group of four
    expect(decodeAlbumIdB64(`${base64.slice(0, 47)}==`)).toBeNull();
    expect(decodeAlbumIdB64(`=${base64}`)).toBeNull();
    expect(decodeAlbumIdB64(`${base64.slice(0, 10)}_+${base64.slice(12)}`)).toBeNull(); // mixed alphabets
    expect(decodeAlbumIdB64(btoa('<script>alert(1)</script>'))).toBeNull();
    expect(decodeAlbumIdB64(btoa(`${id} `))).toBeNull();
    expect(decodeAlbumIdB64(btoa(id.slice(1)))).toBeNull();
    const long = btoa(`${id}${id}`);
    expect(long.length).toBeGreaterThan(ALBUM_ID_B64_MAX_LENGTH);
    expect(decodeAlbumIdB64(long)).toBeNull();
    expect(decodeAlbumIdB64('A'.repeat(100_000))).toBeNull();
  });
});

describe('albumID or albumIDB64, one of the two must be present (SPEC §2)', () => {
  it('takes albumID as it is, else decodes albumIDB64', () => {
    expect(albumIdOf({ albumID: id })).toBe(id);
    expect(albumIdOf({ albumIDB64: base64 })).toBe(id);
    expect(albumIdOf({ albumID: id, albumIDB64: btoa('other') })).toBe(id);
    expect(albumIdOf({ albumIDB64: 'not base64!' })).toBeNull();
  });

  it('throws the SPEC §8 internal error when neither is given', () => {
    expect(MISSING_ALBUM_PARAMS).toBe('Must have params for either albumID or albumIDB64');
    expect(() => albumIdOf({})).toThrow(MISSING_ALBUM_PARAMS);
    expect(() => albumIdOf({ albumID: '', albumIDB64: '' })).toThrow(MISSING_ALBUM_PARAMS);
    expect(() => albumIdFromParam(undefined)).toThrow(MISSING_ALBUM_PARAMS);
    expect(() => albumIdFromParam('')).toThrow(MISSING_ALBUM_PARAMS);
  });

  it("reads a route's album segment as either form; anything else is left for the server to refuse", () => {
    expect(albumIdFromParam(id)).toBe(id);
    expect(albumIdFromParam(base64)).toBe(id);
    expect(albumIdFromParam(base64url.replace(/=+$/, ''))).toBe(id);
    expect(albumIdFromParam('not-an-album')).toBe('not-an-album');
    expect(albumIdFromParam(btoa('<script>'))).toBe(btoa('<script>'));
    expect(albumIdFromParam('%%%')).toBe('%%%');
  });
});
