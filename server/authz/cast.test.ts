// The authorisation matrix (SPEC §6, issue 3 item 6; testing/matrix.ts) over casting: the
// owner's paired TV and its session.
import { describe } from 'vitest';
import { CAST_CASES } from './testing/cases/cast';
import { setUpAuthzFixture } from './testing/fixture';
import { matrix } from './testing/matrix';

setUpAuthzFixture();

describe('authorisation matrix', () => matrix(CAST_CASES));
