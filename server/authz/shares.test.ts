// The authorisation matrix (SPEC §6, issue 3 item 6; testing/matrix.ts) over shares: making,
// protecting, publishing, copying and stopping one.
import { describe } from 'vitest';
import { SHARE_CASES } from './testing/cases/shares';
import { setUpAuthzFixture } from './testing/fixture';
import { matrix } from './testing/matrix';

setUpAuthzFixture();

describe('authorisation matrix', () => matrix(SHARE_CASES));
