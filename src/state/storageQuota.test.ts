import { beforeEach, describe, expect, it } from 'vitest';
import { storageQuotaStore } from './storageQuota';

describe('storageQuotaStore', () => {
  beforeEach(() =>
    storageQuotaStore.setState({
      outOfStorage: false,
      freedSerial: 0,
      usedSpace: null,
      maxSpace: null,
    }),
  );

  it('clears out-of-storage when space changes and tells waiters by bumping the serial', () => {
    storageQuotaStore.getState().markOutOfStorage();
    expect(storageQuotaStore.getState().outOfStorage).toBe(true);
    storageQuotaStore.getState().storageChanged({ usedSpace: 10, maxSpace: 100 });
    expect(storageQuotaStore.getState()).toMatchObject({
      outOfStorage: false,
      freedSerial: 1,
      usedSpace: 10,
      maxSpace: 100,
    });
  });

  it('keeps the flag when figures merely arrive', () => {
    storageQuotaStore.getState().markOutOfStorage();
    storageQuotaStore.getState().setQuota({ usedSpace: 99 });
    expect(storageQuotaStore.getState()).toMatchObject({
      outOfStorage: true,
      usedSpace: 99,
      maxSpace: null,
    });
  });
});
