import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, bytesToBase64Url, bytesToHex, utf8 } from './encoding';

const samples = [
  new Uint8Array([]),
  new Uint8Array([0]),
  new Uint8Array([0xfb, 0xff]),
  new Uint8Array([0xfb, 0xff, 0xbf]),
  new Uint8Array(Array.from({ length: 256 }, (_, index) => index)),
];

describe('byte encodings', () => {
  it('match Node Buffer encodings', () => {
    for (const bytes of samples) {
      const buffer = Buffer.from(bytes);
      expect(bytesToHex(bytes)).toBe(buffer.toString('hex'));
      expect(bytesToBase64(bytes)).toBe(buffer.toString('base64'));
      expect(bytesToBase64Url(bytes)).toBe(buffer.toString('base64url'));
    }
  });

  it('encodes text as UTF-8', () => {
    expect([...utf8('ø')]).toEqual([0xc3, 0xb8]);
  });
});
