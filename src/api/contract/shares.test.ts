import { describe, expect, it } from 'vitest';
import { receivedShare, ShareAnswerSchema } from './shares';
import { specShare } from './testing';

describe('a share answered as SPEC §3 words it', () => {
  it('parses, and its owner is the signed-in user whose uuid is the owner’s (SPEC §6)', () => {
    const answer = ShareAnswerSchema.parse(specShare);
    expect(receivedShare(answer, 'owner-uuid', 30)).toMatchObject({
      isOwner: true,
      title: null,
      hasPassword: false,
      created: null,
      expires: null,
    });
    expect(receivedShare(answer, 'someone-else', 30).isOwner).toBe(false);
    // A visitor (no account) never owns it.
    expect(receivedShare(answer, null, 30).isOwner).toBe(false);
    expect(answer.thumbFiles[0].type).toBe('picture');
  });

  it('a password it carries means it has one; a creation time gives the 30-day expiry', () => {
    const answer = ShareAnswerSchema.parse({ ...specShare, password: 'set', created: 1000 });
    expect(receivedShare(answer, null, 30)).toMatchObject({
      hasPassword: true,
      created: 1000,
      expires: 1000 + 30 * 86_400,
    });
    expect(receivedShare(answer, null, 30)).not.toHaveProperty('password');
  });

  it('what our server says wins over the fallbacks', () => {
    const answer = ShareAnswerSchema.parse({
      ...specShare,
      title: 'Trip',
      isOwner: false,
      created: 1000,
      expires: 5000,
      hasPassword: true,
    });
    expect(receivedShare(answer, 'owner-uuid', 30)).toMatchObject({
      title: 'Trip',
      isOwner: false,
      expires: 5000,
      hasPassword: true,
    });
  });
});
