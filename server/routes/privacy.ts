// SPEC §3 Consents and Digital legacy, §7 data protection. Consents on any session; the data
// request (24 h apart, 429 data_request_blocked), account deletion and digital legacy need a
// session signed in within 15 minutes (FRESH_LOGIN_SECONDS, else 403 fresh_login_required). A
// deletion ends every session at once and db/privacy.ts closeIfDue disables the account on its
// first call 30 days later, with its email in the outbox. The consent host is emulated as the
// path prefix /consent on this listener, where an email's unsubscribe id is the capability.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONSENT_HOST_PREFIX,
  ConsentUpdateSchema,
  DATA_REQUEST_BLOCKED,
  EMAIL_CONSENT_ID,
  EmailConsentUpdateSchema,
  FRESH_LOGIN_REQUIRED,
  FRESH_LOGIN_SECONDS,
  LEGACY_CHOICES,
  LegacyContactsSchema,
  type ConsentValues,
} from '../../src/api/contract/privacy';
import { requireCaller, type Caller } from '../auth/guard';
import type { ServerContext } from '../context';
import {
  consentValues,
  dataAccessAvailability,
  digitalLegacy,
  requestAccountDeletion,
  requestDataAccess,
  setDigitalLegacy,
  updateConsents,
  userByEmailConsentId,
} from '../db/privacy';
import { badRequest, HttpError, notFound } from '../errors';
import { commonQuery } from './params';

const LegacyQuery = z.object({
  ...commonQuery,
  digital_legacy_choice: z.enum(LEGACY_CHOICES),
  language: z.string().max(16).optional(),
});
const EmailConsentQuery = z.object({
  email_consent_identifier: z.string().regex(EMAIL_CONSENT_ID),
});

/**
 * The privacy page's calls need a session signed in within FRESH_LOGIN_SECONDS (SPEC §2 "Needs a
 * fresh login"): older ones get 403 fresh_login_required and the client signs in again.
 */
function requireFreshCaller(ctx: ServerContext, request: FastifyRequest): Caller {
  const caller = requireCaller(ctx, request);
  if (ctx.now() - caller.signedInAt > FRESH_LOGIN_SECONDS) {
    throw new HttpError(403, FRESH_LOGIN_REQUIRED, 'Sign in again to change privacy settings');
  }
  return caller;
}

const changed = (values: ConsentValues, keys: readonly string[]) =>
  Object.fromEntries(
    keys.map((key) => [key, { value: values[key as keyof ConsentValues] }]),
  ) as Record<string, { value: boolean }>;

/**
 * SPEC §7 data protection, digital legacy and the consent host's email consent; the developer
 * page's test endpoint for payment data. Consents are read and written by any session (the
 * email settings page shows the stay-up-to-date ones); the rest need a fresh login.
 */
export function registerPrivacyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/data_protection/consent_values', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    return { data: consentValues(user) };
  });

  app.post('/data_protection/consent_values', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const update = ConsentUpdateSchema.parse(request.body);
    const values = updateConsents(ctx.db, user.id, update);
    return { consents: changed(values, Object.keys(update)) };
  });

  app.get('/data_protection/request_data_access_availability', (request) => {
    const { user } = requireFreshCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    return dataAccessAvailability(user, ctx.now());
  });

  // SPEC §7 names a navigation to this path; a call instead, so the page can show the request's
  // pending, succeeded and failed states (SPEC §4) without leaving.
  app.post('/data_protection/request_data_access', (request) => {
    const { user } = requireFreshCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    if (!requestDataAccess(ctx.db, user, ctx.now())) {
      throw new HttpError(
        429,
        DATA_REQUEST_BLOCKED,
        'A data request was made in the last 24 hours',
      );
    }
    user.data_request_at = ctx.now();
    return dataAccessAvailability(user, ctx.now());
  });

  app.post('/data_protection/request_account_deletion', (request) => {
    const { user } = requireFreshCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    return { deletion_date: requestAccountDeletion(ctx.db, user, ctx.now()) };
  });

  app.get('/digital_legacy', (request) => {
    const { user } = requireFreshCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    return digitalLegacy(user);
  });

  app.post('/digital_legacy', (request) => {
    const { user } = requireFreshCaller(ctx, request);
    const query = LegacyQuery.parse(request.query);
    const contacts = LegacyContactsSchema.parse(request.body ?? []);
    const toContact = query.digital_legacy_choice === 'provide_content_to_contact';
    if (toContact !== (contacts.length === 1)) {
      throw badRequest('a contact is given with provide_content_to_contact, and only then');
    }
    setDigitalLegacy(ctx.db, user.id, query.digital_legacy_choice, contacts[0] ?? null);
    user.legacy_choice = query.digital_legacy_choice;
    user.legacy_contact = contacts[0] ? JSON.stringify(contacts[0]) : null;
    return digitalLegacy(user);
  });

  // The consent host (SPEC §7), a path prefix here: the identifier is the capability.
  app.get(`${CONSENT_HOST_PREFIX}/user/email_consent`, (request) => {
    const query = EmailConsentQuery.parse(request.query);
    const user = userByEmailConsentId(ctx.db, query.email_consent_identifier);
    if (!user || user.disabled) throw notFound();
    return { value: consentValues(user).stay_up_to_date__email };
  });

  app.post(`${CONSENT_HOST_PREFIX}/user/email_consent`, (request) => {
    const body = EmailConsentUpdateSchema.parse(request.body);
    const user = userByEmailConsentId(ctx.db, body.email_consent_identifier);
    if (!user || user.disabled) throw notFound();
    const values = updateConsents(ctx.db, user.id, { stay_up_to_date__email: body.email_consent });
    return { value: values.stay_up_to_date__email };
  });
}
