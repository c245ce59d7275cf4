import { z } from 'zod';
import { lazySchema } from './lazySchema';

/**
 * SPEC §3 Host directory, as answered by GET /st/4/jobs/{id}/service and as passed in the
 * `service_dict` query parameter. All five hosts are required (SPEC §5: auth data is accepted
 * only if the dictionary holds them); other keys are kept untouched because the dictionary is
 * stored and handed back as a whole. Shared with server/ so its answers are checked by the same
 * schema.
 */
export const serviceDictSchema = lazySchema(() =>
  z.looseObject({
    appHost: z.string().min(1),
    thumbHost: z.string().min(1),
    videoHost: z.string().min(1),
    pollHost: z.string().min(1),
    downloadHost: z.string().min(1),
  }),
);

export type ServiceDict = z.infer<typeof serviceDictSchema>;

export const HOST_NAMES = ['app', 'thumb', 'video', 'poll', 'download'] as const;
export type HostName = (typeof HOST_NAMES)[number];
export type HostKey = `${HostName}Host`;

export function hostKey(host: HostName): HostKey {
  return `${host}Host`;
}
