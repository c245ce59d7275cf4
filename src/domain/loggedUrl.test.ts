import { describe, expect, it } from 'vitest';
import { loggedPath, maskId, maskLoggedPath, maskUrlIds } from './loggedUrl';

const JOB = 'a1b2c3d4-1111-2222-3333-444455556666';
const FILE = 'f00dbabe-aaaa-bbbb-cccc-ddddeeeeffff';
const JOB_MASKED = '********-1111-2222-3333-444455556666';
const FILE_MASKED = '********-aaaa-bbbb-cccc-ddddeeeeffff';

describe('maskId', () => {
  it('masks the first segment of an id, keeping its length', () => {
    // SPEC §2: "The first path segment of job id and file id is masked in logged URLs."
    expect(maskId(JOB)).toBe(JOB_MASKED);
    expect(maskId('abc-def')).toBe('***-def');
  });

  it('masks a dashless id whole', () => {
    expect(maskId('abcdef')).toBe('******');
    expect(maskId('')).toBe('');
  });
});

describe('maskUrlIds', () => {
  it('masks each known id wherever it appears', () => {
    const url = `https://thumbs.example/th/3/${FILE}?area=256&share=${JOB}`;
    expect(maskUrlIds(url, [JOB, FILE])).toBe(
      `https://thumbs.example/th/3/${FILE_MASKED}?area=256&share=${JOB_MASKED}`,
    );
  });

  it('ignores empty ids and leaves unknown text alone', () => {
    expect(maskUrlIds('/photos', [''])).toBe('/photos');
    expect(maskUrlIds(`/jobs/${JOB}`, [FILE])).toBe(`/jobs/${JOB}`);
  });
});

describe('maskLoggedPath', () => {
  it('masks job and file ids in API paths', () => {
    // SPEC §2: "The first path segment of job id and file id is masked in logged URLs."
    expect(maskLoggedPath(`/st/4/jobs/${JOB}/files_by_id/${FILE}`)).toBe(
      `/st/4/jobs/${JOB_MASKED}/files_by_id/${FILE_MASKED}`,
    );
    expect(maskLoggedPath(`/jobs/${JOB}/files_by_id/${FILE}/comments/c-1`)).toBe(
      `/jobs/${JOB_MASKED}/files_by_id/${FILE_MASKED}/comments/c-1`,
    );
    expect(maskLoggedPath(`/jobs/${JOB}/info?include_details=1`)).toBe(
      `/jobs/${JOB_MASKED}/info?include_details=1`,
    );
  });

  it('keeps the origin of a full URL', () => {
    expect(maskLoggedPath(`https://a.example/a/${JOB}?x=${JOB}`)).toBe(
      `https://a.example/a/${JOB_MASKED}?x=${JOB}`,
    );
  });

  it('masks thumbnail paths, including trashed ones', () => {
    expect(maskLoggedPath(`/th/3/${FILE}?area=1280`)).toBe(`/th/3/${FILE_MASKED}?area=1280`);
    expect(maskLoggedPath(`/th/3/trash/${JOB}/${FILE}`)).toBe(
      `/th/3/trash/${JOB_MASKED}/${FILE_MASKED}`,
    );
  });

  it('masks ids in app routes', () => {
    expect(maskLoggedPath(`/albums/${JOB}/edit/addPhotos`)).toBe(
      `/albums/${JOB_MASKED}/edit/addPhotos`,
    );
    expect(maskLoggedPath(`/a/${JOB}`)).toBe(`/a/${JOB_MASKED}`);
    expect(maskLoggedPath(`/a/${JOB}/${FILE}/copyAlbum`)).toBe(
      `/a/${JOB_MASKED}/${FILE_MASKED}/copyAlbum`,
    );
    expect(maskLoggedPath(`/photos/${FILE}#autoPlay`)).toBe(`/photos/${FILE_MASKED}#autoPlay`);
    expect(maskLoggedPath(`/carousel/${JOB}/${FILE}`)).toBe(
      `/carousel/${JOB_MASKED}/${FILE_MASKED}`,
    );
    expect(maskLoggedPath(`/comments/${JOB}/${FILE}`)).toBe(
      `/comments/${JOB_MASKED}/${FILE_MASKED}`,
    );
  });

  it('leaves route words and id-less paths alone', () => {
    expect(maskLoggedPath(`/a/${JOB}/createNew`)).toBe(`/a/${JOB_MASKED}/createNew`);
    expect(maskLoggedPath('/jobs/default')).toBe('/jobs/default');
    expect(maskLoggedPath('/photos')).toBe('/photos');
    expect(maskLoggedPath('/albums/')).toBe('/albums/');
    expect(maskLoggedPath('/deleted_items/albums')).toBe('/deleted_items/albums');
    expect(maskLoggedPath('/settings/storage')).toBe('/settings/storage');
    expect(maskLoggedPath(`/share/${JOB}`)).toBe(`/share/${JOB}`);
  });
});

describe('loggedPath (what API errors carry)', () => {
  it('masks job and file ids of API paths, on full URLs too, and is idempotent', () => {
    expect(loggedPath('/jobs/abcd1234-ef56-7890/info')).toBe('/jobs/********-ef56-7890/info');
    expect(loggedPath('/st/4/jobs/j1a2-b3/files_by_id/f9f9f9-00/comments')).toBe(
      '/st/4/jobs/****-b3/files_by_id/******-00/comments',
    );
    expect(loggedPath('/th/3/trash/job1-x/file22-y')).toBe('/th/3/trash/****-x/******-y');
    expect(loggedPath('/jobs/abcdef')).toBe('/jobs/******');
    const once = loggedPath('https://ps.example.com/jobs/aa-bb/files_by_id/cc-dd');
    expect(once).toBe('https://ps.example.com/jobs/**-bb/files_by_id/**-dd');
    expect(loggedPath(once)).toBe(once);
  });

  it('drops the query (device_id, foreign_auth) and the fragment; route words stay readable', () => {
    expect(loggedPath('/th/3/abc-def?area=256&foreign_auth=secret')).toBe('/th/3/***-def');
    expect(loggedPath('/jobs/default#x')).toBe('/jobs/default');
    expect(loggedPath('/trash_can?offset=0')).toBe('/trash_can');
    expect(loggedPath('/account_info')).toBe('/account_info');
  });
});
