// The authorisation matrix (SPEC §6, issue 3 item 6; testing/matrix.ts) over payments: each
// user's own customer, card and subscriptions.
import { describe } from 'vitest';
import { PAYMENT_CASES } from './testing/cases/payments';
import { setUpAuthzFixture } from './testing/fixture';
import { matrix } from './testing/matrix';

setUpAuthzFixture();

describe('authorisation matrix', () => matrix(PAYMENT_CASES));
