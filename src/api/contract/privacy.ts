import { z } from 'zod';
import {
  ACCOUNT_DELETION_MAX_DAYS,
  DATA_REQUEST_REPEAT_BLOCK_HOURS,
  LEGACY_PHONE_DIGITS,
  TEXT_MAX,
} from '../../domain/constants';
import { EMAIL_ADDRESS } from './shares';
import { storedText } from './text';

// SPEC §3 Consents and Digital legacy, §7 data protection calls, §9 data request 24 h and
// account deletion 30 days. Shared with server/ so both ends check the same rules.

/** SPEC §3 Consents, in the SPEC's order. */
export const CONSENT_KEYS = [
  'facial_recognition',
  'advanced_filtering_and_categorization',
  'face_grouping',
  'help_us_improve',
  'stay_up_to_date__email',
  'stay_up_to_date__push_notification',
  'stay_up_to_date__sms',
] as const;
export type ConsentKey = (typeof CONSENT_KEYS)[number];

/** The stay-up-to-date consents (shown apart); the rest are the privacy consents. */
export const STAY_UP_TO_DATE_KEYS = [
  'stay_up_to_date__email',
  'stay_up_to_date__push_notification',
  'stay_up_to_date__sms',
] as const satisfies readonly ConsentKey[];

const consentShape = Object.fromEntries(CONSENT_KEYS.map((key) => [key, z.boolean()])) as Record<
  ConsentKey,
  z.ZodBoolean
>;

/** GET /data_protection/consent_values: every consent's value. */
export const ConsentValuesResponseSchema = z.object({ data: z.object(consentShape) });
export type ConsentValues = z.infer<typeof ConsentValuesResponseSchema>['data'];

/** POST /data_protection/consent_values: consent key → boolean, one or more, nothing else. */
export const ConsentUpdateSchema = z
  .strictObject(consentShape)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'at least one consent');
export type ConsentUpdate = z.infer<typeof ConsentUpdateSchema>;

/** …and its answer: each changed consent with its stored value. */
export const ConsentUpdateResponseSchema = z.object({
  consents: z.partialRecord(z.enum(CONSENT_KEYS), z.object({ value: z.boolean() })),
});

/** SPEC §9: a personal data request can be repeated after 24 hours. */
export const DATA_REQUEST_REPEAT_SECONDS = DATA_REQUEST_REPEAT_BLOCK_HOURS * 3600;
/** SPEC §9: an account is closed up to 30 days after its deletion was requested. */
export const ACCOUNT_DELETION_SECONDS = ACCOUNT_DELETION_MAX_DAYS * 86_400;
/**
 * The privacy page's fresh-login rule (SPEC §2 "Needs a fresh login"; the limit is ours): its
 * calls answer 403 `fresh_login_required` when this session signed in longer ago than this.
 */
export const FRESH_LOGIN_SECONDS = 15 * 60;
export const FRESH_LOGIN_REQUIRED = 'fresh_login_required';
export const DATA_REQUEST_BLOCKED = 'data_request_blocked';

/**
 * GET /data_protection/request_data_access_availability (and the answer of the request itself):
 * whether a request can be made now, else when (seconds since the epoch).
 */
export const DataAccessAvailabilitySchema = z.object({
  available: z.boolean(),
  available_at: z.number().int().nullable(),
});
export type DataAccessAvailability = z.infer<typeof DataAccessAvailabilitySchema>;

/** POST /data_protection/request_account_deletion: when the account closes at the latest. */
export const AccountDeletionResponseSchema = z.object({ deletion_date: z.number().int() });

/** SPEC §3 Digital legacy choices. */
export const LEGACY_CHOICES = [
  'only_provide_content_explicitly_detailed_in_my_will',
  'do_not_provide_content_to_anybody',
  'provide_content_to_contact',
] as const;
export type LegacyChoice = (typeof LEGACY_CHOICES)[number];

/** SPEC §5 legacy phone: only "+" and 8 to 14 digits. */
const { min: PHONE_MIN, max: PHONE_MAX } = LEGACY_PHONE_DIGITS;
export const LEGACY_PHONE = new RegExp(`^\\+?[0-9]{${PHONE_MIN},${PHONE_MAX}}$`);
const MAX_FIELD = TEXT_MAX;

const field = storedText(z.string().trim().min(1).max(MAX_FIELD));

/** SPEC §5 legacy contact: all four fields required; phone and email checked. */
export const LegacyContactSchema = z.strictObject({
  name: field,
  phone_number: z
    .string()
    .trim()
    .regex(LEGACY_PHONE, `phone: "+" and ${PHONE_MIN} to ${PHONE_MAX} digits`),
  email_address: storedText(
    z.string().trim().max(MAX_FIELD).regex(EMAIL_ADDRESS, 'a valid email address'),
  ),
  address: field,
});
export type LegacyContact = z.infer<typeof LegacyContactSchema>;

export type LegacyContactProblems = Partial<Record<keyof LegacyContact, true>>;

/** Which fields of a contact form break the rules (empty when it can be confirmed). */
export function legacyContactProblems(contact: LegacyContact): LegacyContactProblems {
  const parsed = LegacyContactSchema.safeParse(contact);
  if (parsed.success) return {};
  const problems: LegacyContactProblems = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof LegacyContact | undefined;
    if (key) problems[key] = true;
  }
  return problems;
}

/** POST /digital_legacy body: a list with at most one contact. */
export const LegacyContactsSchema = z.array(LegacyContactSchema).max(1);

/** GET /digital_legacy (and the answer of POST). */
export const DigitalLegacySchema = z.object({
  choice: z.enum(LEGACY_CHOICES).nullable(),
  digital_legacy_data: z.object({ contact_information: z.array(LegacyContactSchema).max(1) }),
});
export type DigitalLegacy = z.infer<typeof DigitalLegacySchema>;

/**
 * The consent host's email consent (SPEC §7 "sent to a separate consent host"), emulated as this
 * path prefix on the API listener; the identifier (from an email's unsubscribe link) is the
 * capability, so no login is needed.
 */
export const CONSENT_HOST_PREFIX = '/consent';
export const EMAIL_CONSENT_ID = /^[0-9a-f]{32}$/;
export const EmailConsentResponseSchema = z.object({ value: z.boolean() });
export const EmailConsentUpdateSchema = z.strictObject({
  email_consent_identifier: z.string().regex(EMAIL_CONSENT_ID),
  email_consent: z.boolean(),
});
