// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { testAccount } from '../../api/contract/testing';
import { readString } from '../../state/persisted';
import { accountPrompts, hasSeenSunsetPrompt, rememberSunsetPromptSeen } from './sessionPrompts';

const account = testAccount;

afterEach(() => localStorage.clear());

describe('session prompts (SPEC §4 modal queue)', () => {
  it('asks nothing of an account with nothing pending', () => {
    expect(accountPrompts(account(), false)).toEqual([]);
  });

  it('queues the terms when tos_to_approve is set, with the version to approve', () => {
    expect(accountPrompts(account({ tos_to_approve: { version: '7' } }), false)).toEqual([
      { kind: 'TermsOfService', props: { version: '7' } },
    ]);
  });

  it('queues the subscription dialog for a read-only user, first (SPEC §4)', () => {
    expect(
      accountPrompts(account({ is_read_only_user: true, tos_to_approve: { version: '7' } }), false),
    ).toEqual([
      { kind: 'Subscription', props: {} },
      { kind: 'TermsOfService', props: { version: '7' } },
    ]);
  });

  it('queues the sunset notice for a delete date unless this user has seen it', () => {
    const sunset = account({ sunset_delete_date: 1_900_000_000 });
    expect(accountPrompts(sunset, false)).toEqual([
      { kind: 'SunsetDeletion', props: { date: 1_900_000_000, user: 'u1' } },
    ]);
    expect(accountPrompts(sunset, true)).toEqual([]);
  });

  it('remembers who saw the sunset notice in hasSeenSunsetDeletionPrompt (SPEC §9)', () => {
    expect(hasSeenSunsetPrompt('u1')).toBe(false);
    rememberSunsetPromptSeen('u1');
    rememberSunsetPromptSeen('u1');
    expect(hasSeenSunsetPrompt('u1')).toBe(true);
    expect(hasSeenSunsetPrompt('u2')).toBe(false);
    expect(JSON.parse(readString('hasSeenSunsetDeletionPrompt') ?? '[]')).toEqual(['u1']);
    // A damaged value counts as not seen, and is replaced.
    localStorage.setItem('hasSeenSunsetDeletionPrompt', '{not json');
    expect(hasSeenSunsetPrompt('u1')).toBe(false);
    rememberSunsetPromptSeen('u2');
    expect(hasSeenSunsetPrompt('u2')).toBe(true);
  });
});
