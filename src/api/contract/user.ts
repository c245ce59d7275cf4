import { z } from 'zod';
import { lazySchema } from './lazySchema';
import { singleLineText } from './text';

/** POST /name: the stored name (SPEC §5 text max 255). */
export const NameResponseSchema = lazySchema(() => z.object({ name: z.string() }));

/** A user option value (SPEC §7 /options/{key}: PUT takes value); JSON scalars only. */
export const OptionValueSchema = lazySchema(() =>
  z.union([z.string().max(4096), z.number(), z.boolean()]),
);
/** What PUT /options/{key} stores: a string value is a stored text (contract/text.ts). */
export const OptionValueRequestSchema = lazySchema(() =>
  z.union([singleLineText(4096), z.number(), z.boolean()]),
);

/** GET and PUT /options/{key}; value is null when the option is not set. */
export const OptionResponseSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    value: OptionValueSchema.nullable(),
  }),
);
export type OptionResponse = z.infer<typeof OptionResponseSchema>;

/** GET, POST and DELETE /account_attribute: the value (null when unset or after DELETE). */
export const AccountAttributeResponseSchema = lazySchema(() =>
  z.object({ result: z.string().nullable() }),
);

/** SPEC §3 userGrants item: size in GB, times in unix seconds. */
export const UserGrantSchema = lazySchema(() =>
  z.looseObject({
    source: z.string(),
    size: z.number().nonnegative(),
    renews_at: z.number().nullable().optional(),
    expires_at: z.number().nullable().optional(),
    stripe_product_id: z.string().nullable().optional(),
    _links: z.record(z.string(), z.unknown()).optional(),
  }),
);

/** GET /user_grants. */
export const UserGrantsResponseSchema = lazySchema(() =>
  z.object({
    result: z.object({ grants: z.array(UserGrantSchema) }),
  }),
);
export type UserGrantsResponse = z.infer<typeof UserGrantsResponseSchema>;

/** SPEC §3 Device: GET /devices — the caller's live sessions, the current one named. */
export const DeviceSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    /** The name the device gave at sign-in (the browser's, for the web client); may be missing. */
    name: z.string().nullable(),
    /** Last use, unix seconds. */
    last_used: z.number(),
  }),
);
export const DevicesResponseSchema = lazySchema(() =>
  z.object({
    current: z.string(),
    devices: z.array(DeviceSchema),
  }),
);
export type Device = z.infer<typeof DeviceSchema>;
