import type { Rng } from './prng';

export const SEED_YEARS = 22;

export interface MonthPlan {
  year: number;
  /** 1..12 */
  month: number;
  files: number;
  /** Days of the month that may hold files (the current month stops at today). */
  days: number;
  dense: boolean;
  /** Every file on this day of the month (0-based), none elsewhere (the `bigDay` shape). */
  onlyDay?: number;
}

/**
 * How many files each month of the last SEED_YEARS gets: exponentially more toward now, July and
 * December bursts, some empty months (older ones mostly), and one very dense month ~2.5 years
 * ago holding 4% of everything (so its days overflow a section even on their own at scale).
 */
export function planMonths(total: number, rng: Rng, now: number): MonthPlan[] {
  const today = new Date(now * 1000);
  const count = SEED_YEARS * 12;
  const last = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const denseIndex = count - 31;
  const plans: MonthPlan[] = [];
  const weights: number[] = [];
  for (let i = 0; i < count; i++) {
    const abs = last - (count - 1) + i;
    const year = Math.floor(abs / 12);
    const month = (abs % 12) + 1;
    const isCurrent = i === count - 1;
    const days = isCurrent ? today.getUTCDate() : new Date(Date.UTC(year, month, 0)).getUTCDate();
    let weight = Math.exp((i - (count - 1)) / 70);
    if (month === 7) weight *= 2.2;
    if (month === 12) weight *= 2.5;
    // Empty months: a fixed few so every library has some, plus random gaps in older years.
    const forcedEmpty = i === 7 || i === 30 || i === 61 || i === count - 14;
    if (forcedEmpty || (i < count - 36 && rng() < 0.05)) weight = 0;
    if (i === denseIndex) weight = 0;
    if (isCurrent) weight *= days / 31;
    weights.push(weight);
    plans.push({ year, month, files: 0, days, dense: i === denseIndex });
  }
  const dense = Math.round(total * 0.04);
  const rest = total - dense;
  const sum = weights.reduce((a, b) => a + b, 0);
  let assigned = 0;
  for (let i = 0; i < count; i++) {
    plans[i].files = Math.floor((rest * weights[i]) / sum);
    assigned += plans[i].files;
  }
  plans[denseIndex].files = dense;
  // Rounding leftovers go to the newest non-empty months, one each.
  let leftover = rest - assigned;
  for (let i = count - 1; leftover > 0; i = i === 0 ? count - 1 : i - 1) {
    if (weights[i] > 0) {
      plans[i].files++;
      leftover--;
    }
  }
  return plans;
}

/**
 * Capture times for one month, ascending: a share of files on a few "event" days (holidays,
 * trips; most of the dense month), the rest spread, mostly in daytime; never after `now`.
 */
export function monthTimes(plan: MonthPlan, rng: Rng, now: number): number[] {
  const times = new Array<number>(plan.files);
  // The dense month has more, smaller events: every one of its days overflows a section at
  // scale, without any single day growing into tens of thousands of files.
  const eventDayCount = plan.dense ? 5 + Math.floor(rng() * 4) : 1 + Math.floor(rng() * 3);
  const eventDays = Array.from({ length: eventDayCount }, () => Math.floor(rng() * plan.days));
  const eventShare = plan.dense ? 0.4 : 0.35;
  const monthStart = Date.UTC(plan.year, plan.month - 1, 1) / 1000;
  for (let i = 0; i < plan.files; i++) {
    const day =
      plan.onlyDay !== undefined
        ? plan.onlyDay
        : rng() < eventShare
          ? eventDays[Math.floor(rng() * eventDays.length)]
          : Math.floor(rng() * plan.days);
    // 07:00-23:00 for most, any time for the rest.
    const second = rng() < 0.9 ? 25_200 + Math.floor(rng() * 57_600) : Math.floor(rng() * 86_400);
    times[i] = Math.min(monthStart + day * 86_400 + second, now - 60);
  }
  return times.sort((a, b) => a - b);
}
