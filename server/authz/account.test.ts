// The authorisation matrix (SPEC §6, issue 3 item 6; testing/matrix.ts) over the caller's own
// account: devices, name and picture, options, attributes, grants, privacy, cards, statistics.
import { describe } from 'vitest';
import { ACCOUNT_CASES } from './testing/cases/account';
import { setUpAuthzFixture } from './testing/fixture';
import { matrix } from './testing/matrix';

setUpAuthzFixture();

describe('authorisation matrix', () => matrix(ACCOUNT_CASES));
