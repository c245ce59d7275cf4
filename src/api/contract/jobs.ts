import { z } from 'zod';
import { lazySchema } from './lazySchema';
import { MONTH_FIRST_DAY, MONTH_LAST_DAY } from '../../domain/constants';

/**
 * SPEC §3 Job/Album as answered by GET /jobs/default and GET /jobs/{id}/info. Only the core
 * fields are required; album details (permissions, cover, participants…) are optional so a later
 * server version can add them without breaking older clients.
 */
export const JobInfoSchema = lazySchema(() =>
  z.looseObject({
    id: z.string().min(1),
    type: z.enum(['timeline', 'story', 'share']),
    ctime: z.number(),
    mtime: z.number(),
    owner: z.string(),
    title: z.string().nullable().optional(),
    last_update: z.number(),
    size: z.number().int().nonnegative(),
    allow_comments: z.boolean().optional(),
    allow_uploads: z.boolean().optional(),
    coverPhoto: z.string().nullable().optional(),
    isShared: z.boolean().optional(),
    sort_order: z.enum(['ADDED', 'OLDEST_TAKEN', 'NEWEST_TAKEN']).optional(),
    has_heic: z.boolean().optional(),
  }),
);

export type JobInfo = z.infer<typeof JobInfoSchema>;

/** SPEC §3 Timeline section counts. Documents are not shown on the timeline, so not counted. */
export const SectionCountsSchema = lazySchema(() =>
  z.object({
    pictures: z.number().int().nonnegative(),
    videos: z.number().int().nonnegative(),
    screenshots: z.number().int().nonnegative(),
  }),
);

/**
 * One timeline section: a whole month (startDay 1, endDay its last day) or, for a dense month, a
 * range of whole days. Sections of a month tile it without gaps; month is 1..12 (UTC).
 */
export const TimelineSectionSchema = lazySchema(() =>
  z.object({
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    startDay: z.number().int().min(MONTH_FIRST_DAY).max(MONTH_LAST_DAY),
    endDay: z.number().int().min(MONTH_FIRST_DAY).max(MONTH_LAST_DAY),
    counts: SectionCountsSchema,
  }),
);

/** GET /jobs/{id}/timeline/months: sections, newest first. */
export const TimelineMonthsResponseSchema = lazySchema(() =>
  z.object({
    months: z.array(TimelineSectionSchema),
  }),
);

export type TimelineSection = z.infer<typeof TimelineSectionSchema>;
export type TimelineMonthsResponse = z.infer<typeof TimelineMonthsResponseSchema>;
