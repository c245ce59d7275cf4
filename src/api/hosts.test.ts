import { describe, expect, it } from 'vitest';
import { InternalError } from './errors';
import { hostUrl, normaliseHost, parseServiceDict, rewriteShardHostname } from './hosts';

const raw = {
  appHost: 'p12.example.com',
  thumbHost: 'https://p3.example.com:8443/ignored/path',
  videoHost: 'video.example.com:444',
  pollHost: 'http://127.0.0.1:8081',
  downloadHost: 'localhost:8081',
};

describe('parseServiceDict', () => {
  it('normalises every host to an origin and keeps extra keys', () => {
    expect(parseServiceDict({ ...raw, consentHost: 'consent.example.com', n: 1 })).toEqual({
      appHost: 'https://ps.example.com',
      thumbHost: 'https://ps.example.com:8443',
      videoHost: 'https://video.example.com:444',
      pollHost: 'http://127.0.0.1:8081',
      downloadHost: 'http://localhost:8081',
      consentHost: 'consent.example.com',
      n: 1,
    });
  });

  it('is idempotent, so a stored directory can be parsed again', () => {
    const once = parseServiceDict(raw);
    expect(parseServiceDict(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it.each(['appHost', 'thumbHost', 'videoHost', 'pollHost', 'downloadHost'] as const)(
    'SPEC §5: throws "Invalid service dict" without %s',
    (key) => {
      const { [key]: _omitted, ...rest } = raw;
      const thrown = captureError(() => parseServiceDict(rest));
      expect(thrown).toBeInstanceOf(InternalError);
      expect(thrown).toMatchObject({ message: 'Invalid service dict' });
      expect((thrown as InternalError).detail).toContain(key);
    },
  );

  it('rejects non-objects and unusable addresses', () => {
    for (const bad of [null, 'x', 42, []]) {
      expect(() => parseServiceDict(bad)).toThrow('Invalid service dict');
    }
    expect(() => parseServiceDict({ ...raw, appHost: 'ftp://x.example.com' })).toThrow(
      InternalError,
    );
    expect(() => parseServiceDict({ ...raw, appHost: 'http://' })).toThrow(InternalError);
    expect(() => parseServiceDict({ ...raw, appHost: 'a b' })).toThrow(InternalError);
  });
});

describe('SPEC §7 "a leading p plus digits becomes ps"', () => {
  it.each([
    ['p12.example.com', 'ps.example.com'],
    ['p1.api.example.no', 'ps.api.example.no'],
    ['p7', 'ps'],
    ['ps.example.com', 'ps.example.com'],
    ['p2p.example.com', 'p2p.example.com'],
    ['photos.example.com', 'photos.example.com'],
    ['www.p12.example.com', 'www.p12.example.com'],
    ['127.0.0.1', '127.0.0.1'],
  ])('%s → %s', (from, to) => {
    expect(rewriteShardHostname(from)).toBe(to);
  });

  it('keeps scheme and port', () => {
    expect(normaliseHost('http://p5.example.com:8080/')).toBe('http://ps.example.com:8080');
    expect(normaliseHost('p5.example.com:8443')).toBe('https://ps.example.com:8443');
  });

  it('assumes http only for loopback hosts without a scheme', () => {
    expect(normaliseHost('127.0.0.1:8081')).toBe('http://127.0.0.1:8081');
    expect(normaliseHost('[::1]:8081')).toBe('http://[::1]:8081');
    expect(normaliseHost('example.com')).toBe('https://example.com');
  });
});

describe('hostUrl', () => {
  it('joins a path to the chosen host', () => {
    const dir = parseServiceDict(raw);
    expect(hostUrl(dir, 'app', '/account_info')).toBe('https://ps.example.com/account_info');
    expect(hostUrl(dir, 'thumb', 'th/3/abc')).toBe('https://ps.example.com:8443/th/3/abc');
    expect(hostUrl(dir, 'poll', '/poll')).toBe('http://127.0.0.1:8081/poll');
  });
});

function captureError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
