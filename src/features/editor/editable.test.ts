import { describe, expect, it } from 'vitest';
import { canEdit, originalSource } from './editable';

describe('what the editor opens', () => {
  it('edits pictures and screenshots, not videos', () => {
    expect(canEdit({ kind: 'picture', path: 'a.jpg' })).toBe(true);
    expect(canEdit({ kind: 'screenshot', path: 'screenshot_1.png' })).toBe(true);
    expect(canEdit({ kind: 'video', path: 'clip.mp4' })).toBe(false);
  });

  it('saves from the original when every browser decodes it', () => {
    for (const path of ['a.jpg', 'b.JPEG', 'c.png', 'd.webp', 'e.gif', 'f.bmp', 'g.avif']) {
      expect(originalSource(path)).toBe('original');
    }
  });

  it('tries HEIC and TIFF originals (Safari decodes them), and never downloads RAW or PSD', () => {
    expect(originalSource('IMG_1.HEIC')).toBe('tryOriginal');
    expect(originalSource('scan.tiff')).toBe('tryOriginal');
    expect(originalSource('DSC_1.NEF')).toBe('preview');
    expect(originalSource('art.psd')).toBe('preview');
    expect(originalSource('no-extension')).toBe('preview');
  });
});
