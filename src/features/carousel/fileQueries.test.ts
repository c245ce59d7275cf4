// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearStoredAuth, storeAuth } from '../../api/authStore';
import { defaultHosts, initApiClient } from '../../platform/api';
import { grantLinkAccess, revokeLinkAccess } from '../../platform/linkAccess';
import { queryClient } from '../../platform/queryClient';
import { fileMetadataQuery } from './fileQueries';

// GET /jobs/{id}/metadata/{fileId} (SPEC §7) for the viewer's info panel, answered with SPEC §3's
// metadata fields (Make, Model, ISOSpeedRatings, ApertureValue, ExposureTime, FocalLength).

const config = { apiOrigin: 'https://app.example.com' };
const answer = {
  Make: 'Canon',
  Model: 'EOS R6',
  ISOSpeedRatings: 400,
  ApertureValue: 2.8,
  ExposureTime: 0.008,
  FocalLength: 50,
  width: 6000,
  height: 4000,
};

function answering(body: unknown, status = 200) {
  const fetch = vi.fn((_input: string, _init: RequestInit) =>
    Promise.resolve(Response.json(body, { status })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const load = (jobId: string) =>
  queryClient.fetchQuery({ ...fileMetadataQuery(jobId, 'file 1'), retry: false });

beforeAll(() => {
  initApiClient(config);
  storeAuth('tok', defaultHosts(config));
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});
afterAll(() => clearStoredAuth());

describe('fileMetadataQuery', () => {
  it('reads the metadata call of the file, signed in', async () => {
    const fetch = answering(answer);
    expect(await load('job-1')).toEqual(answer);
    const [input, init] = fetch.mock.calls[0];
    expect(new URL(input).pathname).toBe('/jobs/job-1/metadata/file%201');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Basic ${btoa('tok:')}`);
  });

  it('a file without EXIF has only its size; a visitor’s album is read through its link', async () => {
    grantLinkAccess('album-1', 'pw');
    const fetch = answering({ width: 30, height: 20 });
    expect(await load('album-1')).toEqual({ width: 30, height: 20 });
    expect(new Headers(fetch.mock.calls[0][1].headers).get('Authorization')).toBe(
      `Basic ${btoa('pw:')}`,
    );
    revokeLinkAccess('album-1');
  });

  it('an answer that is not SPEC §3 metadata fails as malformed', async () => {
    answering({ Make: 7, width: 1, height: 1 });
    await expect(load('job-1')).rejects.toMatchObject({ kind: 'malformed' });
  });
});
