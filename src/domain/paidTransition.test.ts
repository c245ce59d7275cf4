import { describe, expect, it } from 'vitest';
import { paidTransitionNotice } from './paidTransition';

const base = { isBeingShutDown: true, sunset_delete_date: null };

describe('paidTransitionNotice (SPEC §2, §3 isBeingShutDown, §9 free trial)', () => {
  it('is for an account being shut down only', () => {
    expect(paidTransitionNotice({ ...base, isBeingShutDown: false }, false)).toBeNull();
    expect(
      paidTransitionNotice({ isBeingShutDown: false, sunset_delete_date: 1_900_000_000 }, false),
    ).toBeNull();
    expect(paidTransitionNotice(base, false)).not.toBeNull();
  });

  it('stays away once dismissed', () => {
    expect(paidTransitionNotice(base, true)).toBeNull();
  });

  it('offers the 2-month promo and gives 6 months when the service names no date', () => {
    expect(paidTransitionNotice(base, false)).toEqual({
      promoMonths: 2,
      deleteDate: null,
      noticeMonths: 6,
    });
  });

  it('names the sunset date when the account has one', () => {
    expect(
      paidTransitionNotice({ ...base, sunset_delete_date: 1_930_000_000 }, false)?.deleteDate,
    ).toBe(1_930_000_000);
  });
});
