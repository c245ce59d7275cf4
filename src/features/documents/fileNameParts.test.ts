import { describe, expect, it } from 'vitest';
import { fileNameParts } from './fileNameParts';

describe('fileNameParts (issue 34.7: the extension stays in view)', () => {
  it('cuts a name before its extension', () => {
    expect(fileNameParts('Annual report 2024 final version.pdf')).toEqual({
      stem: 'Annual report 2024 final version',
      extension: '.pdf',
    });
    expect(fileNameParts('archive.tar.gz')).toEqual({ stem: 'archive.tar', extension: '.gz' });
  });

  it('keeps names without an extension whole', () => {
    expect(fileNameParts('README')).toEqual({ stem: 'README', extension: '' });
    expect(fileNameParts('.bashrc')).toEqual({ stem: '.bashrc', extension: '' });
    expect(fileNameParts('Notes. Meeting with the team')).toEqual({
      stem: 'Notes. Meeting with the team',
      extension: '',
    });
  });
});
