// Casting (SPEC §7 Cast): the owner's paired TV and its session.
import { type Case, get, ids } from '../fixture';

export const CAST_CASES: Case[] = [
  {
    // The owner's TV: pairing again is theirs; another sender is refused (409), never swapped in.
    name: 'cast pair',
    request: () => ({ method: 'POST', url: '/cast/pair', payload: { code: ids.castCode } }),
    other: 'refused',
  },
  {
    name: 'cast session',
    request: () => get(`/cast/sessions/${ids.castSession}`),
    other: 'hidden',
  },
  {
    name: 'cast message',
    request: () => ({
      method: 'POST',
      url: `/cast/sessions/${ids.castSession}/messages`,
      payload: { type: 'autoPlayChanged', autoPlay: false },
    }),
    other: 'hidden',
  },
  {
    name: 'stop casting',
    request: () => ({ method: 'DELETE', url: `/cast/sessions/${ids.castSession}` }),
    other: 'hidden',
    once: true,
  },
];
