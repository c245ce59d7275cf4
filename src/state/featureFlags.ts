import { z } from 'zod';
import { lazySchema } from '../api/contract/lazySchema';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { lazyStore } from './lazyStore';
import { readJson, removeItem, writeJson } from './persisted';

/**
 * SPEC §2: "Feature flags can be set by query parameters named like the flags (new-signup,
 * delete-card, use-telenor-id-pluss) with value 1 or 0" and "A staging query parameter switches
 * the login host"; SPEC §6: "Feature flags stored locally". All default to off.
 */
export interface FeatureFlags {
  newSignup: boolean;
  deleteCard: boolean;
  useTelenorIdPluss: boolean;
  staging: boolean;
}
export type FeatureFlagName = keyof FeatureFlags;

export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = Object.freeze({
  newSignup: false,
  deleteCard: false,
  useTelenorIdPluss: false,
  staging: false,
});

export const FLAG_QUERY_PARAMS: Readonly<Record<FeatureFlagName, string>> = {
  newSignup: 'new-signup',
  deleteCard: 'delete-card',
  useTelenorIdPluss: 'use-telenor-id-pluss',
  staging: 'staging',
};

/** The test flags of the QA corner marker; staging has its own colour there (SPEC §2). */
export const TEST_FLAGS: readonly FeatureFlagName[] = [
  'newSignup',
  'deleteCard',
  'useTelenorIdPluss',
];

// Stored as the full object; unknown keys from older builds are dropped, missing ones default.
const storedFlagsSchema = lazySchema(() =>
  z.object({
    newSignup: z.boolean().optional(),
    deleteCard: z.boolean().optional(),
    useTelenorIdPluss: z.boolean().optional(),
    staging: z.boolean().optional(),
  }),
);

function loadFlags(): FeatureFlags {
  return { ...DEFAULT_FEATURE_FLAGS, ...readJson('featureFlags', storedFlagsSchema) };
}

/** Client state of the flags; React reads it with `useFeatureFlags`, other code with getState. */
export const featureFlagsStore = lazyStore(() => createStore<FeatureFlags>()(() => loadFlags()));

export function getFeatureFlags(): FeatureFlags {
  return featureFlagsStore.getState();
}

export function setFeatureFlags(patch: Partial<FeatureFlags>): void {
  const next = { ...featureFlagsStore.getState(), ...patch };
  writeJson('featureFlags', next);
  featureFlagsStore.setState(next, true);
}

export function resetFeatureFlags(): void {
  removeItem('featureFlags');
  featureFlagsStore.setState({ ...DEFAULT_FEATURE_FLAGS }, true);
}

/**
 * Stores every flag given in the query as 1 or 0 (any other value is ignored) and returns the
 * flags that were given. The parameters are left in the URL: they are harmless and show QA
 * which link was used.
 */
export function applyFlagsFromQuery(search: string): Partial<FeatureFlags> {
  const params = new URLSearchParams(search);
  const given: Partial<FeatureFlags> = {};
  for (const [flag, param] of Object.entries(FLAG_QUERY_PARAMS) as [FeatureFlagName, string][]) {
    const value = params.get(param);
    if (value === '1' || value === '0') given[flag] = value === '1';
  }
  if (Object.keys(given).length > 0) setFeatureFlags(given);
  return given;
}

/** True when a test flag differs from its default: the QA corner marker is red then. */
export function anyTestFlagActive(flags: FeatureFlags = getFeatureFlags()): boolean {
  return TEST_FLAGS.some((flag) => flags[flag] !== DEFAULT_FEATURE_FLAGS[flag]);
}

export function useFeatureFlags(): FeatureFlags {
  return useStore(featureFlagsStore);
}
