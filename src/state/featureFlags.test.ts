// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  anyTestFlagActive,
  applyFlagsFromQuery,
  featureFlagsStore,
  getFeatureFlags,
  resetFeatureFlags,
  setFeatureFlags,
} from './featureFlags';

const off = { newSignup: false, deleteCard: false, useTelenorIdPluss: false, staging: false };

afterEach(() => {
  resetFeatureFlags();
  localStorage.clear();
});

describe('feature flags (SPEC §2, §6)', () => {
  it('default to all off', () => {
    expect(getFeatureFlags()).toEqual(off);
    expect(anyTestFlagActive()).toBe(false);
  });

  it('are set by the query parameters new-signup, delete-card, use-telenor-id-pluss, staging', () => {
    const given = applyFlagsFromQuery(
      '?new-signup=1&delete-card=1&use-telenor-id-pluss=1&staging=1',
    );
    expect(given).toEqual({
      newSignup: true,
      deleteCard: true,
      useTelenorIdPluss: true,
      staging: true,
    });
    expect(getFeatureFlags()).toEqual(given);
    applyFlagsFromQuery('delete-card=0&staging=0');
    expect(getFeatureFlags()).toMatchObject({ newSignup: true, deleteCard: false, staging: false });
  });

  it('ignore values other than 1 and 0', () => {
    expect(applyFlagsFromQuery('?new-signup=true&delete-card=yes&staging=&other=1')).toEqual({});
    expect(getFeatureFlags()).toEqual(off);
    expect(localStorage.getItem('featureFlags')).toBeNull();
  });

  it('are stored locally and read back at start', async () => {
    applyFlagsFromQuery('?delete-card=1');
    expect(JSON.parse(localStorage.getItem('featureFlags')!)).toMatchObject({ deleteCard: true });
    vi.resetModules();
    const fresh = await import('./featureFlags');
    expect(fresh.getFeatureFlags()).toEqual({ ...off, deleteCard: true });
  });

  it('treat a corrupt stored value as defaults', async () => {
    localStorage.setItem('featureFlags', '{"newSignup":"yes"');
    vi.resetModules();
    const fresh = await import('./featureFlags');
    expect(fresh.getFeatureFlags()).toEqual(off);
  });

  it('notify store subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = featureFlagsStore.subscribe(listener);
    setFeatureFlags({ useTelenorIdPluss: true });
    unsubscribe();
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ useTelenorIdPluss: true }),
      off,
    );
  });
});

describe('anyTestFlagActive (QA corner marker red)', () => {
  it('is true when a test flag differs from its default', () => {
    expect(anyTestFlagActive({ ...off, newSignup: true })).toBe(true);
    expect(anyTestFlagActive({ ...off, useTelenorIdPluss: true })).toBe(true);
  });

  it('does not count staging, which has its own (gold) marker', () => {
    expect(anyTestFlagActive({ ...off, staging: true })).toBe(false);
  });
});
