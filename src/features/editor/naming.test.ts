import { describe, expect, it } from 'vitest';
import { copyTypeFor, editedCopyName } from './naming';

describe('the edited copy’s name', () => {
  it('adds “(edited)” before a JPEG extension', () => {
    expect(editedCopyName('IMG_1234.jpg')).toBe('IMG_1234 (edited).jpg');
    expect(editedCopyName('IMG_1234.JPEG')).toBe('IMG_1234 (edited).jpg');
  });

  it('keeps PNG as PNG and makes a JPEG of anything else', () => {
    expect(copyTypeFor('shot.PNG')).toBe('image/png');
    expect(editedCopyName('Screenshot_1.png')).toBe('Screenshot_1 (edited).png');
    expect(editedCopyName('IMG_1234.HEIC')).toBe('IMG_1234 (edited).jpg');
    expect(editedCopyName('DSC_0001.NEF')).toBe('DSC_0001 (edited).jpg');
    expect(editedCopyName('anim.webp')).toBe('anim (edited).jpg');
  });

  it('counts on when a copy is edited again', () => {
    expect(editedCopyName('IMG_1234 (edited).jpg')).toBe('IMG_1234 (edited 2).jpg');
    expect(editedCopyName('IMG_1234 (edited 2).jpg')).toBe('IMG_1234 (edited 3).jpg');
    expect(editedCopyName('IMG_1234 (edited 9).png')).toBe('IMG_1234 (edited 10).png');
  });

  it('keeps the file name only, not its folders', () => {
    expect(editedCopyName('2023/holiday/beach.jpg')).toBe('beach (edited).jpg');
  });

  it('copes with names without an extension, dots first, or blank', () => {
    expect(editedCopyName('picture')).toBe('picture (edited).jpg');
    expect(editedCopyName('.hidden.jpg')).toBe('.hidden (edited).jpg');
    expect(editedCopyName('folder/ .jpg')).toBe('photo (edited).jpg');
    expect(editedCopyName('')).toBe('photo (edited).jpg');
  });

  it('keeps hostile names as plain text (the upload checks control characters)', () => {
    expect(editedCopyName('<img src=x onerror=alert(1)>.jpg')).toBe(
      '<img src=x onerror=alert(1)> (edited).jpg',
    );
  });
});
