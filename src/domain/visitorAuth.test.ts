import { describe, expect, it } from 'vitest';
import { visitorAuth } from './visitorAuth';

// SPEC §6: "Auth for album visitors: the album's own password if provided; otherwise the user's
// token when not known to be a non-owner, and a foreign-auth value when the user is not the owner."
describe('visitorAuth', () => {
  it('sends the album password when given, and the user as foreign_auth', () => {
    expect(visitorAuth({ password: 'pbkdf2', token: 'tok', nonOwner: false })).toEqual({
      basic: 'pbkdf2',
      foreignAuth: 'tok',
    });
    expect(visitorAuth({ password: 'pbkdf2', token: null, nonOwner: true })).toEqual({
      basic: 'pbkdf2',
      foreignAuth: null,
    });
  });

  it('sends the token while the user may be the owner', () => {
    expect(visitorAuth({ password: null, token: 'tok', nonOwner: false })).toEqual({
      basic: 'tok',
      foreignAuth: null,
    });
  });

  it('names a known non-owner by foreign_auth only', () => {
    expect(visitorAuth({ password: null, token: 'tok', nonOwner: true })).toEqual({
      basic: null,
      foreignAuth: 'tok',
    });
  });

  it('sends nothing for a visitor without an account or password', () => {
    expect(visitorAuth({ password: null, token: null, nonOwner: true })).toEqual({
      basic: null,
      foreignAuth: null,
    });
  });
});
