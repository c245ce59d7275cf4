import { describe, expect, it } from 'vitest';
import { classifyPath, fileExtension, isFolderPath, isMediaPath, isScreenshot } from './classify';

describe('classifyPath', () => {
  it('classifies common RAW formats as pictures', () => {
    // SPEC §5: "picture extensions include common RAW"
    for (const ext of ['cr2', 'cr3', 'nef', 'arw', 'dng', 'orf', 'rw2', 'raf', 'srw', 'pef']) {
      expect(classifyPath(`camera/IMG_0001.${ext}`)).toBe('picture');
    }
  });

  it('classifies the listed picture extensions as pictures', () => {
    // SPEC §5: "heic, jpg, png, gif, tiff, webp, bmp, psd"
    for (const ext of ['heic', 'heif', 'jpg', 'jpeg', 'png', 'gif', 'tiff', 'tif', 'webp', 'bmp']) {
      expect(classifyPath(`a.${ext}`)).toBe('picture');
    }
    expect(classifyPath('design.psd')).toBe('picture');
  });

  it('classifies the listed video extensions as movies', () => {
    // SPEC §5: "video extensions mp4, mov, avi, mkv, webm, 3gp, mpg, wmv"
    for (const ext of ['mp4', 'mov', 'avi', 'mkv', 'webm', '3gp', 'mpg', 'mpeg', 'wmv', 'm4v']) {
      expect(classifyPath(`clip.${ext}`)).toBe('movie');
    }
  });

  it('treats anything else as a document', () => {
    // SPEC §5: "anything else is a document"
    expect(classifyPath('report.pdf')).toBe('document');
    expect(classifyPath('README')).toBe('document');
    expect(classifyPath('photos.jpg/')).toBe('document');
    expect(classifyPath('archive.jpg.zip')).toBe('document');
  });

  it('ignores the case of the extension and dots in folder names', () => {
    expect(classifyPath('DCIM/IMG_1234.JPG')).toBe('picture');
    expect(classifyPath('Clip.MoV')).toBe('movie');
    expect(classifyPath('my.folder/readme')).toBe('document');
    expect(fileExtension('my.folder/readme')).toBe('');
  });
});

describe('isMediaPath', () => {
  it('accepts only pictures and movies for upload', () => {
    // SPEC §5: "extension must classify as picture or movie, otherwise UnSupported"
    expect(isMediaPath('a.heic')).toBe(true);
    expect(isMediaPath('a.mp4')).toBe(true);
    expect(isMediaPath('a.txt')).toBe(false);
  });
});

describe('isScreenshot', () => {
  it('matches file names starting with screenshot_, in any case', () => {
    // SPEC §5: "Screenshots: file name starts with screenshot_"
    expect(isScreenshot('Screenshot_20240101-101010.png')).toBe(true);
    expect(isScreenshot('DCIM/Screenshots/SCREENSHOT_1.jpg')).toBe(true);
    expect(isScreenshot('screenshot_/photo.jpg')).toBe(false);
    expect(isScreenshot('my_screenshot_1.png')).toBe(false);
    expect(isScreenshot('Screenshot 2024-01-01.png')).toBe(false);
  });
});

describe('isFolderPath', () => {
  it('treats paths ending in a slash as folders', () => {
    // SPEC §5: "Paths ending in a slash are folders and hidden."
    expect(isFolderPath('Camera/')).toBe(true);
    expect(isFolderPath('Camera/a.jpg')).toBe(false);
  });
});
