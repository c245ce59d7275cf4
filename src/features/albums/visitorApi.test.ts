// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initApiClient } from '../../platform/api';
import { linkRequestOptions, revokeLinkAccess } from '../../platform/linkAccess';
import { mediaUrls } from '../../platform/mediaUrls';
import { queryClient } from '../../platform/queryClient';
import { visitorAlbumQuery } from './visitorApi';

// A visitor's album and its host directory (SPEC §7 GET /st/4/jobs/{id}/service), through the
// app's own API client, the service answering a directory as SPEC §3 names its hosts.

const album = {
  id: 'job-1',
  type: 'story',
  ctime: 1,
  mtime: 1,
  owner: 'owner-uuid',
  title: 'Trip',
  last_update: 3,
  size: 1,
  permissions: 3,
  privacy_mode: 'shared',
  role: 'visitor',
  has_password: false,
  counts: { files: 1, comments: 0, loves: 0, contributors: 1 },
};
const directory = {
  appHost: 'https://p12.example.com',
  thumbHost: 'p3.thumbs.example.com',
  videoHost: 'https://video.example.com',
  pollHost: 'https://poll.example.com',
  downloadHost: 'https://dl.example.com',
};

function serviceAnswering(service: () => Response) {
  const fetch = vi.fn((input: string) =>
    Promise.resolve(
      new URL(input).pathname.endsWith('/service') ? service() : Response.json(album),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.map(([input]) => new URL(input));
}

const open = () =>
  queryClient.fetchQuery({ ...visitorAlbumQuery('job-1', null), retry: false, staleTime: 0 });

beforeAll(() => initApiClient({ apiOrigin: 'https://app.example.com' }));

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  revokeLinkAccess('job-1');
});

describe('a visitor album’s host directory', () => {
  it('is asked of /st/4/jobs/{id}/service after the info; its p<digits> hosts become ps', async () => {
    const urls = serviceAnswering(() => Response.json(directory));
    await open();
    expect(urls().map((url) => url.origin + url.pathname)).toEqual([
      'https://app.example.com/jobs/job-1/info',
      'https://app.example.com/st/4/jobs/job-1/service',
    ]);
    expect(urls()[1].searchParams.get('app_key')).toBe('capture-web');
    const hosts = linkRequestOptions('job-1').hosts;
    expect(hosts?.appHost).toBe('https://ps.example.com');
    expect(hosts?.thumbHost).toBe('https://ps.thumbs.example.com');
    const thumbnail = new URL(mediaUrls('job-1').thumbnail('f-1', 256));
    expect(thumbnail.origin + thumbnail.pathname).toBe('https://ps.thumbs.example.com/th/3/f-1');
    const content = new URL(mediaUrls('job-1').content('f-1'));
    expect(content.origin).toBe('https://video.example.com');
  });

  it('a failed or incomplete answer keeps the hosts the album answered on', async () => {
    serviceAnswering(() => new Response('Internal Server Error', { status: 500 }));
    expect((await open()).title).toBe('Trip');
    expect(linkRequestOptions('job-1').hosts).toBeUndefined();

    queryClient.clear();
    serviceAnswering(() => Response.json({ appHost: 'https://p1.example.com' }));
    await open();
    expect(linkRequestOptions('job-1').hosts).toBeUndefined();
    expect(new URL(mediaUrls('job-1').thumbnail('f-1', 256)).origin).toBe(
      'https://app.example.com',
    );
  });
});
