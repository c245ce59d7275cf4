// The authorisation matrix (SPEC §6, issue 3 item 6; testing/matrix.ts) over the job's files:
// reads, thumbnails, uploads (resumable too), delete, documents and archives.
import { describe } from 'vitest';
import { FILE_CASES } from './testing/cases/files';
import { setUpAuthzFixture } from './testing/fixture';
import { matrix } from './testing/matrix';

setUpAuthzFixture();

describe('authorisation matrix', () => matrix(FILE_CASES));
