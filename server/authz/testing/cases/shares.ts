// Shares (SPEC §7 Shares): making, protecting, publishing, copying and stopping one.
import { type Case, ids } from '../fixture';

export const SHARE_CASES: Case[] = [
  {
    name: 'create share',
    request: () => ({
      method: 'POST',
      url: '/shares',
      payload: { job: ids.job, files: [ids.file] },
    }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'share password',
    request: () => ({
      method: 'POST',
      url: `/shares/${ids.share}/password`,
      payload: { password: 'c2VjcmV0' },
    }),
    other: 'hidden',
  },
  {
    name: 'publish',
    request: () => ({
      method: 'POST',
      url: `/jobs/${ids.share}/publish`,
      payload: { to_email: 'friend@example.com', subject: 'Look' },
    }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    // The stranger's own share: the owner (not its maker) copies it; its maker may not.
    name: 'copy share',
    request: () => ({ method: 'POST', url: `/shares/${ids.strangerShare}/copy` }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'stop share',
    request: () => ({ method: 'DELETE', url: `/shares/${ids.stopShare}` }),
    other: 'hidden',
    once: true,
  },
];
