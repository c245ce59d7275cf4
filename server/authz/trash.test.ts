// The authorisation matrix (SPEC §6, issue 3 item 6; testing/matrix.ts) over the trash: trashed
// files' thumbnails and archive, restore, trashed albums, and emptying it.
import { beforeAll, describe } from 'vitest';
import { TRASH_CASES } from './testing/cases/trash';
import { ids, owner, server, setUpAuthzFixture } from './testing/fixture';
import { matrix } from './testing/matrix';

setUpAuthzFixture();

// As in the one matrix this file came from, where 'delete file' ran before the trash's cases: the
// victim is in the owner's trash when it is emptied.
beforeAll(async () => {
  await server.app.inject({
    method: 'DELETE',
    url: `/jobs/${ids.job}/files_by_id/${ids.victim}`,
    headers: owner,
  });
});

describe('authorisation matrix', () => matrix(TRASH_CASES));
