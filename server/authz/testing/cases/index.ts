import type { InjectOptions } from 'fastify';
import type { Case } from '../fixture';
import { ACCOUNT_CASES } from './account';
import { ALBUM_CASES } from './albums';
import { CAST_CASES } from './cast';
import { FILE_CASES } from './files';
import { PAYMENT_CASES } from './payments';
import { SHARE_CASES } from './shares';
import { TRASH_CASES } from './trash';

/** Every case of the matrix, area by area (a visitor token is refused by each; routes.test.ts). */
export const ALL_CASES: readonly Case[] = [
  ...FILE_CASES,
  ...TRASH_CASES,
  ...ACCOUNT_CASES,
  ...ALBUM_CASES,
  ...SHARE_CASES,
  ...PAYMENT_CASES,
  ...CAST_CASES,
];

/** Calls with a test of their own in auth.test.ts rather than a case: their routes count too. */
export const TESTED_APART: readonly { name: string; request: () => InjectOptions }[] = [
  { name: 'logout', request: () => ({ method: 'POST', url: '/logout' }) },
  {
    name: 'account deletion',
    request: () => ({ method: 'POST', url: '/data_protection/request_account_deletion' }),
  },
];
