// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { testAccount } from '../../api/contract/testing';
import { accountInfoQuery } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { storageQuotaStore } from '../../state/storageQuota';
import { followUsedSpace } from './useJobSync';

afterEach(() => queryClient.clear());

describe('followUsedSpace (SPEC §7 info.used_space of the own job)', () => {
  it('updates the account’s used space (the storage meter) and the upload quota', () => {
    queryClient.setQueryData(
      accountInfoQuery.queryKey,
      testAccount({ used_space: 100, max_space: 1000 }),
    );
    followUsedSpace(640);
    expect(queryClient.getQueryData(accountInfoQuery.queryKey)).toMatchObject({
      used_space: 640,
      max_space: 1000,
    });
    expect(storageQuotaStore.getState().usedSpace).toBe(640);
  });

  it('before the account is loaded only the quota learns it', () => {
    followUsedSpace(77);
    expect(queryClient.getQueryData(accountInfoQuery.queryKey)).toBeUndefined();
    expect(storageQuotaStore.getState().usedSpace).toBe(77);
  });
});
