import { describe, expect, it } from 'vitest';
import { hostKey, serviceDictSchema } from './serviceDict';

const hosts = {
  appHost: 'a',
  thumbHost: 't',
  videoHost: 'v',
  pollHost: 'p',
  downloadHost: 'd',
};

describe('serviceDictSchema (SPEC §3 host directory)', () => {
  it('accepts the five hosts and keeps extra keys', () => {
    expect(serviceDictSchema.parse({ ...hosts, consentHost: 'c' })).toEqual({
      ...hosts,
      consentHost: 'c',
    });
  });

  it.each(['appHost', 'thumbHost', 'videoHost', 'pollHost', 'downloadHost'] as const)(
    'rejects a dictionary without %s or with it empty',
    (key) => {
      const { [key]: _omitted, ...rest } = hosts;
      expect(serviceDictSchema.safeParse(rest).success).toBe(false);
      expect(serviceDictSchema.safeParse({ ...hosts, [key]: '' }).success).toBe(false);
      expect(serviceDictSchema.safeParse({ ...hosts, [key]: 7 }).success).toBe(false);
    },
  );

  it('names host keys', () => {
    expect(hostKey('download')).toBe('downloadHost');
  });
});
