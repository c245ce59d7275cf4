import type { HintTimePort } from '../../gallery';
import { readString, writeString } from '../../state/persisted';

/**
 * When the shift-select hint was last shown (epoch ms), for SPEC §9 "shown once or re-shown
 * after a month": kept in local storage so "once" means once on this browser, not per page.
 */
export const shiftHintStore: HintTimePort = {
  get: () => {
    const value = Number(readString('shiftSelectHintShownAt'));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  set: (time) => {
    writeString('shiftSelectHintShownAt', String(time));
  },
};
