import { describe, expect, it } from 'vitest';
import { describeRequest, maskIdsInPath, stripQuery } from './loggedPath';

describe('maskIdsInPath (SPEC §2: first segment of job and file ids masked in logged URLs)', () => {
  it('masks the first dash-separated segment of a job id with equal-length asterisks', () => {
    expect(maskIdsInPath('/jobs/abcd1234-ef56-7890/info')).toBe('/jobs/********-ef56-7890/info');
  });

  it('masks job and file ids in the same path', () => {
    expect(maskIdsInPath('/st/4/jobs/j1a2-b3/files_by_id/f9f9f9-00/comments')).toBe(
      '/st/4/jobs/****-b3/files_by_id/******-00/comments',
    );
  });

  it('masks thumbnail ids, including the trash variant (job and file)', () => {
    expect(maskIdsInPath('/th/3/abc-def?area=256')).toBe('/th/3/***-def?area=256');
    expect(maskIdsInPath('/th/3/trash/job1-x/file22-y')).toBe('/th/3/trash/****-x/file22-y');
  });

  it('masks an id without dashes entirely', () => {
    expect(maskIdsInPath('/jobs/abcdef')).toBe('/jobs/******');
  });

  it('leaves route words and unrelated paths alone', () => {
    expect(maskIdsInPath('/jobs/default')).toBe('/jobs/default');
    expect(maskIdsInPath('/jobs')).toBe('/jobs');
    expect(maskIdsInPath('/account_info')).toBe('/account_info');
    expect(maskIdsInPath('/trash_can?offset=0')).toBe('/trash_can?offset=0');
  });

  it('works on full URLs and is idempotent', () => {
    const once = maskIdsInPath('https://ps.example.com/jobs/aa-bb/files_by_id/cc-dd');
    expect(once).toBe('https://ps.example.com/jobs/**-bb/files_by_id/**-dd');
    expect(maskIdsInPath(once)).toBe(once);
  });
});

describe('describeRequest', () => {
  it('drops the query (it carries device_id and foreign_auth) and masks ids', () => {
    expect(describeRequest('get', '/jobs/aa-bb/info?foreign_auth=secret')).toBe(
      'GET /jobs/**-bb/info',
    );
  });

  it('stripQuery also drops fragments', () => {
    expect(stripQuery('/a#b')).toBe('/a');
    expect(stripQuery('/a')).toBe('/a');
  });
});
