import { GROUP, KIND, type NewFile } from '../db/files';
import { monthTimes, planMonths, type MonthPlan } from './months';
import { between, pick, type Rng } from './prng';

/** Picture aspect ratios [w, h, share]; panoramas (2:1 to 10:1) take what is left (4%). */
const ASPECTS: readonly [number, number, number][] = [
  [4, 3, 0.34],
  [3, 4, 0.2],
  [16, 9, 0.12],
  [9, 16, 0.1],
  [1, 1, 0.06],
  [3, 2, 0.1],
  [2, 3, 0.04],
];
const SCREENS: readonly [number, number][] = [
  [1170, 2532],
  [1080, 2400],
  [2048, 2732],
  [2880, 1800],
];
const DOCUMENTS = ['pdf', 'docx', 'xlsx', 'txt', 'pptx'] as const;

function pictureSize(rng: Rng, year: number): [number, number] {
  const long = year < 2010 ? 2592 : pick(rng, [4032, 4032, 4000, 6000]);
  let r = rng();
  for (const [w, h, share] of ASPECTS) {
    if ((r -= share) < 0)
      return w >= h ? [long, Math.round((long * h) / w)] : [Math.round((long * w) / h), long];
  }
  const ratio = between(rng, 2, 10);
  return [8000, Math.round(8000 / ratio)];
}

/**
 * Library shapes (issue 20: test the shapes a real library has, not only the mixed one):
 * - `mixed`: every kind in every month (the default, described below);
 * - `kinds`: each month holds one kind only, in turn pictures, videos, screenshots — a filter's
 *   first month then differs from the timeline's;
 * - `extreme`: pictures of extreme shapes (1:20, 1:8, 8:1, 20:1) among ordinary ones;
 * - `sparse`: one picture a year for as many years as files (mid-June), the rest nothing;
 * - `bigMonth`: every file in the last whole month (event days of a few thousand files);
 * - `bigDay`: every file on the day before today (an import of files without a capture date).
 */
export const LIBRARY_SHAPES = [
  'mixed',
  'kinds',
  'extreme',
  'sparse',
  'bigMonth',
  'bigDay',
] as const;
export type LibraryShape = (typeof LIBRARY_SHAPES)[number];

const EXTREME_SHAPES: readonly [number, number][] = [
  [40, 800],
  [300, 2400],
  [2400, 300],
  [4000, 200],
  [4032, 3024],
];

/** Draws (`r` below) that give a picture, a video and a screenshot. */
const KIND_DRAWS = [0.9, 0.05, 0.1] as const;

/** The months a shape fills: the mixed plan, or one month, or one file a year. */
function monthsOf(shape: LibraryShape, total: number, rng: Rng, now: number): MonthPlan[] {
  const today = new Date(now * 1000);
  if (shape === 'bigMonth' || shape === 'bigDay') {
    // A whole day or month behind today, so the shape is the same on any date (the current
    // month, seeded on its first day, was one day with most files at one second).
    const day = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1),
    );
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
    const from = shape === 'bigDay' ? day : month;
    const plan: MonthPlan = {
      year: from.getUTCFullYear(),
      month: from.getUTCMonth() + 1,
      files: total,
      days: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 0)).getUTCDate(),
      dense: true,
      ...(shape === 'bigDay' ? { onlyDay: day.getUTCDate() - 1 } : {}),
    };
    return [plan];
  }
  if (shape === 'sparse') {
    return Array.from({ length: total }, (_, i) => ({
      year: today.getUTCFullYear() - 1 - (total - 1 - i),
      month: 6,
      files: 1,
      days: 30,
      dense: false,
    }));
  }
  return planMonths(total, rng, now);
}

/**
 * Emits `total` synthetic files for one job in capture-time order (so rows of one section sit
 * together on disk). Mixed: ~8% videos, ~5% screenshots, ~1% documents, the rest pictures, with
 * a few live-photo pairs and bursts; the other shapes as LIBRARY_SHAPES says.
 */
export function generateFiles(
  job: number,
  total: number,
  rng: Rng,
  now: number,
  emit: (file: NewFile) => void,
  shape: LibraryShape = 'mixed',
): void {
  let seq = 0;
  let groups = 0;
  const base = (ctime: number): Omit<NewFile, 'path' | 'size' | 'width' | 'height' | 'kind'> => ({
    job,
    tag: Math.floor(rng() * 65536),
    ctime,
    mtime: rng() < 0.1 ? Math.min(now, ctime + Math.floor(rng() * 86_400 * 30)) : ctime,
    uploaded: Math.min(now, ctime + Math.floor(rng() * 86_400 * 3)),
    duration: 0,
    screenshot: false,
    checksum: null,
    groupType: GROUP.none,
    groupId: null,
    master: false,
    blob: null,
  });

  let monthIndex = 0;
  for (const plan of monthsOf(shape, total, rng, now)) {
    const times = monthTimes(plan, rng, now);
    // `kinds`: this month's one kind, as the draw below reads it: a picture, video or screenshot.
    const kindDraw = KIND_DRAWS[monthIndex++ % KIND_DRAWS.length];
    for (let i = 0; i < times.length; i++) {
      const t = times[i];
      seq++;
      const r = shape === 'kinds' ? kindDraw : rng();
      if (r < 0.08) {
        const landscape = rng() < 0.65;
        const uhd = plan.year >= 2016 && rng() < 0.2;
        const [w, h] = uhd ? [3840, 2160] : [1920, 1080];
        // Mostly short clips: 3-120 s, skewed low.
        const duration = Math.round((3 + 117 * rng() ** 2) * 10) / 10;
        emit({
          ...base(t),
          path: `Camera/VID_${seq}.${rng() < 0.7 ? 'mp4' : 'mov'}`,
          kind: KIND.movie,
          width: landscape ? w : h,
          height: landscape ? h : w,
          duration,
          size: Math.round(duration * (uhd ? 6e6 : 2.2e6)),
        });
      } else if (r < 0.13) {
        const [w, h] = pick(rng, SCREENS);
        emit({
          ...base(t),
          path: `Screenshots/screenshot_${seq}.png`,
          kind: KIND.picture,
          screenshot: true,
          width: w,
          height: h,
          size: Math.round(w * h * between(rng, 0.1, 0.4)),
        });
      } else if (r < 0.14) {
        emit({
          ...base(t),
          path: `Documents/Document_${seq}.${pick(rng, DOCUMENTS)}`,
          kind: KIND.document,
          width: 0,
          height: 0,
          size: Math.round(20_000 * 250 ** rng()),
        });
      } else {
        const [w, h] =
          shape === 'extreme' ? pick(rng, EXTREME_SHAPES) : pictureSize(rng, plan.year);
        const heic = plan.year >= 2018 && rng() < 0.3;
        const picture = (ctime: number, extra: Partial<NewFile> = {}): NewFile => ({
          ...base(ctime),
          path: `Camera/IMG_${seq}.${heic ? 'HEIC' : 'JPG'}`,
          kind: KIND.picture,
          width: w,
          height: h,
          size: Math.round(w * h * between(rng, 0.2, 0.45) * (heic ? 0.5 : 1)),
          ...extra,
        });
        const g = rng();
        const room = times.length - i - 1;
        if (g < 0.01 && room >= 1) {
          // Live photo: the still (master) and its short movie share a capture time.
          const groupId = `live-${job}-${++groups}`;
          emit(picture(t, { groupType: GROUP.live, groupId, master: true }));
          i++;
          seq++;
          emit({
            ...base(t),
            path: `Camera/IMG_${seq - 1}.MOV`,
            kind: KIND.movie,
            width: w,
            height: h,
            duration: Math.round(between(rng, 1.5, 3) * 10) / 10,
            size: Math.round(between(rng, 2e6, 4e6)),
            groupType: GROUP.live,
            groupId,
          });
        } else if (g < 0.013 && room >= 2) {
          // Burst: a few frames a fraction of a second apart (whole seconds here), first is master.
          const groupId = `burst-${job}-${++groups}`;
          const frames = Math.min(room + 1, 3 + Math.floor(rng() * 6));
          for (let k = 0; k < frames; k++) {
            if (k > 0) {
              i++;
              seq++;
            }
            const at = Math.min(t + k, now - 60);
            emit({
              ...picture(at, { groupType: GROUP.burst, groupId, master: k === 0 }),
              path: `Camera/BURST_${seq}.JPG`,
            });
          }
        } else {
          emit(picture(t));
        }
      }
    }
  }
}
