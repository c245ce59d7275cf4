import { z } from 'zod';
import { singleLineText } from '../../src/api/contract/text';

/**
 * Query-string helpers. Every parameter is validated (a ZodError becomes 400 in the error
 * handler), so huge, non-numeric or repeated values never reach SQL as NaN or Infinity.
 */
const MAX_UNIX = 2 ** 40;

/** A whole number in [min, max], given as a decimal string. */
export const intString = (min: number, max: number) =>
  z
    .string()
    .max(20)
    .regex(/^-?\d+$/, 'expected an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const unixSeconds = intString(-MAX_UNIX, MAX_UNIX);

/** A job or session id in a path: uuid-like, bounded. */
export const idParam = z.string().min(1).max(64);

/** Common query parameters every call carries (SPEC §7); accepted and ignored. */
export const commonQuery = {
  app_key: z.string().max(256).optional(),
  client_v: z.string().max(256).optional(),
  device_id: z.string().max(256).optional(),
  app_lang: z.string().max(64).optional(),
  foreign_auth: z.string().max(4096).optional(),
  token: z.string().max(256).optional(),
};

/** The common parameters where `device_id` is kept (sessions, client stats): a stored text. */
export const storedDeviceQuery = { ...commonQuery, device_id: singleLineText(256).optional() };
