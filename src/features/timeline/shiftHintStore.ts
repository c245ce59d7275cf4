import type { HintTimePort } from '../../gallery/engine/selection';

let shownAt: number | null = null;

/**
 * When the shift-select hint was last shown (epoch ms), for SPEC §9 "shown once or re-shown
 * after a month". Kept for the life of the page: persisting it needs a key registered in
 * src/state/persisted.ts (LOCAL_KEYS), which belongs to the state area.
 */
export const shiftHintStore: HintTimePort = {
  get: () => shownAt,
  set: (time) => {
    shownAt = time;
  },
};
