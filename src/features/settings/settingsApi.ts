import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import { DevicesResponseSchema } from '../../api/contract/user';
import { readString, removeItem, writeString } from '../../state/persisted';
import { LOCALES, type Locale } from '../../domain/language';
import { changeLocale } from '../../i18n';
import { api } from '../../platform/api';

/** GET /devices: the caller's signed-in devices, most recently used first. */
export const devicesQuery = queryOptions({
  queryKey: ['devices'],
  queryFn: async ({ signal }) =>
    (
      await api().request({
        call: callTo(CALLS.devices),
        schema: DevicesResponseSchema,
        signal,
      })
    ).data,
});

/** DELETE /devices/{id}: that device is signed out (its next call answers 401). */
export async function removeDevice(id: string): Promise<void> {
  await api().request({
    call: callTo(CALLS.deleteDevice, { id: id }),
    responseType: 'none',
  });
}

/** A year: the `lang` cookie outlives a session, as the stored choice does. */
const LANG_COOKIE_SECONDS = 365 * 86_400;

/**
 * SPEC §3 Language option: re-renders every text at once (no reload) and is kept — in storage
 * for this client and in the `lang` cookie the first load reads (`detectLocale`).
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  if (!LOCALES.includes(locale)) return;
  // Kept before the texts load (with every opened area's they take a moment): a reload or a
  // navigation meanwhile still comes back in the chosen language. Put back if they fail.
  const previous = readString('language');
  keepLanguage(locale);
  try {
    await changeLocale(locale);
  } catch (error) {
    if (previous && LOCALES.includes(previous as Locale)) keepLanguage(previous as Locale);
    else {
      removeItem('language');
      document.cookie = 'lang=; path=/; max-age=0; SameSite=Lax';
    }
    throw error;
  }
}

function keepLanguage(locale: Locale): void {
  writeString('language', locale);
  document.cookie = `lang=${locale}; path=/; max-age=${LANG_COOKIE_SECONDS}; SameSite=Lax`;
}
