import { describe, expect, it } from 'vitest';
import { brandForHost } from './brand';

describe('brandForHost', () => {
  it('chooses the Norwegian brand when the host name ends in .no', () => {
    // SPEC §1: "two brand variants … chosen by whether the host name ends in .no"
    expect(brandForHost('minsky.example.no')).toEqual({ id: 'no', name: 'Min Sky' });
    expect(brandForHost('example.com')).toEqual({ id: 'international', name: 'Capture' });
  });

  it('ignores case, a port and a trailing dot', () => {
    expect(brandForHost('WWW.EXAMPLE.NO').id).toBe('no');
    expect(brandForHost('example.no:8443').id).toBe('no');
    expect(brandForHost('example.no.').id).toBe('no');
    expect(brandForHost('example.no.:443').id).toBe('no');
  });

  it('needs the whole .no label', () => {
    expect(brandForHost('example.now').id).toBe('international');
    expect(brandForHost('casino').id).toBe('international');
    expect(brandForHost('no').id).toBe('international');
    expect(brandForHost('localhost:5173').id).toBe('international');
    expect(brandForHost('[::1]:5173').id).toBe('international');
  });
});
