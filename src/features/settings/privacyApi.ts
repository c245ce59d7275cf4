import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AccountDeletionResponseSchema,
  ConsentUpdateResponseSchema,
  ConsentValuesResponseSchema,
  DataAccessAvailabilitySchema,
  DigitalLegacySchema,
  EmailConsentResponseSchema,
  FRESH_LOGIN_REQUIRED,
  type ConsentKey,
  type DataAccessAvailability,
  type DigitalLegacy,
  type LegacyChoice,
  type LegacyContact,
} from '../../api/contract/privacy';
import { apiErrorCode } from '../../api/errors';
import { i18next } from '../../i18n';
import { api } from '../../platform/api';

// SPEC §7 data protection, digital legacy and the consent host's email consent.

export const consentValuesQuery = queryOptions({
  queryKey: ['privacy', 'consents'],
  queryFn: async ({ signal }) =>
    (
      await api().request({
        call: callTo(CALLS.consentValues),
        schema: ConsentValuesResponseSchema,
        signal,
      })
    ).data.data,
});

/** Stores one consent; answers the value the server kept. */
export async function setConsent(key: ConsentKey, value: boolean): Promise<boolean> {
  const { data } = await api().request({
    call: callTo(CALLS.setConsentValues),
    body: { [key]: value },
    schema: ConsentUpdateResponseSchema,
  });
  return data.consents[key]?.value ?? value;
}

export const dataAccessQuery = queryOptions({
  queryKey: ['privacy', 'dataAccess'],
  queryFn: async ({ signal }) =>
    (
      await api().request({
        call: callTo(CALLS.dataAccessAvailability),
        schema: DataAccessAvailabilitySchema,
        signal,
      })
    ).data,
});

export async function requestDataAccess(): Promise<DataAccessAvailability> {
  const { data } = await api().request({
    call: callTo(CALLS.requestDataAccess),
    schema: DataAccessAvailabilitySchema,
  });
  return data;
}

/** SPEC §4 account deletion: every session of the account ends with this call. */
export async function requestAccountDeletion(): Promise<number> {
  const { data } = await api().request({
    call: callTo(CALLS.requestAccountDeletion),
    schema: AccountDeletionResponseSchema,
  });
  return data.deletion_date;
}

export const digitalLegacyQuery = queryOptions({
  queryKey: ['privacy', 'legacy'],
  queryFn: async ({ signal }) =>
    (
      await api().request({
        call: callTo(CALLS.digitalLegacy),
        schema: DigitalLegacySchema,
        signal,
      })
    ).data,
});

export async function saveDigitalLegacy(
  choice: LegacyChoice,
  contact: LegacyContact | null,
): Promise<DigitalLegacy> {
  const { data } = await api().request({
    call: callTo(
      CALLS.setDigitalLegacy,
      {},
      { digital_legacy_choice: choice, language: i18next.language.slice(0, 2) },
    ),
    body: contact ? [contact] : [],
    schema: DigitalLegacySchema,
  });
  return data;
}

/** The privacy page's calls refuse a session signed in too long ago (server rule). */
export const needsFreshLogin = (error: unknown): boolean =>
  apiErrorCode(error) === FRESH_LOGIN_REQUIRED;

/** The consent host: whether the address behind an unsubscribe id still gets our emails. */
export async function readEmailConsent(id: string, signal?: AbortSignal): Promise<boolean> {
  const { data } = await api().request({
    call: callTo(CALLS.readEmailConsent, {}, { email_consent_identifier: id }),
    schema: EmailConsentResponseSchema,
    signal,
  });
  return data.value;
}

export async function writeEmailConsent(id: string, consent: boolean): Promise<boolean> {
  const { data } = await api().request({
    call: callTo(CALLS.writeEmailConsent),
    body: { email_consent_identifier: id, email_consent: consent },
    schema: EmailConsentResponseSchema,
  });
  return data.value;
}

/** The developer page: the caller's test payment data (paid grants; billing adds cards). */
export async function deleteTestPaymentData(): Promise<number> {
  const { data } = await api().request({
    call: callTo(CALLS.deleteTestPaymentData),
    schema: z.object({ deleted: z.number() }),
  });
  return data.deleted;
}
