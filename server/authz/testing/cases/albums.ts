// The album list and a new album (SPEC §7 Albums); the album routes themselves are checked role
// by role in authz.roles.test.ts.
import { type Case, get } from '../fixture';

export const ALBUM_CASES: Case[] = [
  { name: 'jobs', request: () => get('/jobs?stories=1&include_details=1'), other: 'own' },
  {
    name: 'create album',
    request: () => ({
      method: 'POST',
      url: '/jobs',
      payload: { type: 'story', name: 'New', public: false, allow_comments: true },
    }),
    other: 'own',
    readOnly: 'refused',
  },
];
