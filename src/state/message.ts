import type { ParseKeys } from 'i18next';

/**
 * A user-visible text as an i18n key plus values, never as rendered text: stores outlive a
 * language switch, so they hold the key and the UI translates at render time.
 */
export interface Message {
  key: ParseKeys;
  values?: Record<string, string | number>;
}
