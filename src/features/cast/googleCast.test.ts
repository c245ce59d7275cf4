import { describe, expect, it } from 'vitest';
import { CastMessageSchema, type ReceiverState } from '../../api/contract/cast';
import {
  fromGoogleCastMessage,
  GOOGLE_CAST_NAMESPACE,
  googleCastAvailable,
  toGoogleCastMessage,
} from './googleCast';

const state: ReceiverState = {
  type: 'receiverState',
  requestId: 'r7',
  item: { jobId: 'job', fileId: 'f1', kind: 'video' },
  playerState: 'paused',
  currentTime: 12.5,
  duration: 30,
  autoPlay: false,
};

describe('Google Cast message mapping', () => {
  it('uses a custom urn:x-cast namespace', () => {
    expect(GOOGLE_CAST_NAMESPACE).toMatch(/^urn:x-cast:/);
  });

  it('sends each SPEC §7 message as JSON the receiver parses back to the same message', () => {
    const item = { jobId: 'job', fileId: 'f1', kind: 'picture' as const, duration: 0 };
    const messages = [
      { type: 'loadSingleItem' as const, item, next: [item], autoPlay: true },
      { type: 'autoPlayChanged' as const, autoPlay: false },
      { type: 'playOrPauseMedia' as const, play: true },
      { type: 'seekVideo' as const, time: 42 },
      { type: 'getReceiverState' as const, requestId: 'r1' },
    ];
    for (const message of messages) {
      const wire = toGoogleCastMessage(message);
      expect(typeof wire).toBe('string');
      expect(CastMessageSchema.parse(JSON.parse(wire))).toEqual(message);
    }
  });

  it('reads the receiver state as text or object, and drops anything else', () => {
    expect(fromGoogleCastMessage(JSON.stringify(state))).toEqual(state);
    expect(fromGoogleCastMessage(state)).toEqual(state);
    expect(fromGoogleCastMessage('{not json')).toBeNull();
    expect(fromGoogleCastMessage({ ...state, playerState: 'exploded' })).toBeNull();
    expect(fromGoogleCastMessage({ type: 'loadSingleItem' })).toBeNull();
  });

  it('is offered only when the sender framework is present', () => {
    expect(googleCastAvailable({})).toBe(false);
    expect(googleCastAvailable({ cast: {} })).toBe(false);
    expect(googleCastAvailable({ cast: { framework: {} }, chrome: { cast: {} } })).toBe(true);
  });
});
