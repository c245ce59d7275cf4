import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailure } from '../../api/errors';
import type { ConsentKey, ConsentValues } from '../../api/contract/privacy';
import { setAnalyticsConsent } from '../../platform/analytics';
import { showToast } from '../../state/toasts';
import { Spinner } from '../../ui/Spinner';
import { consentValuesQuery, setConsent } from './privacyApi';
import './settings.css';

/**
 * SPEC §4 consent toggle: the switch changes at once (optimistic), is disabled while saving, says
 * so once saved (SPEC §8 "changes saved" toast), and on failure goes back with a message. Used
 * by the privacy and the email settings pages.
 */
export function ConsentList({ keys, testId }: { keys: readonly ConsentKey[]; testId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const values = useQuery(consentValuesQuery);
  const [saving, setSaving] = useState<ReadonlySet<ConsentKey>>(new Set());
  const id = useId();

  const put = (key: ConsentKey, value: boolean) =>
    client.setQueryData<ConsentValues>(consentValuesQuery.queryKey, (old) =>
      old ? { ...old, [key]: value } : old,
    );
  // SPEC §1: help_us_improve governs analytics. A "no" stops them at once; a "yes" only once
  // the server has it (it refuses analytics without it).
  const stored = (key: ConsentKey, value: boolean) => {
    put(key, value);
    if (key === 'help_us_improve') setAnalyticsConsent(value);
  };

  async function toggle(key: ConsentKey, next: boolean) {
    if (saving.has(key)) return;
    setSaving((old) => new Set(old).add(key));
    put(key, next);
    if (key === 'help_us_improve' && !next) setAnalyticsConsent(false);
    try {
      const saved = await setConsent(key, next);
      stored(key, saved);
      // Said, not only shown by the switch (issue 34.11: a change gave no feedback).
      showToast({
        message: {
          key: saved ? 'privacy.consents.savedOn' : 'privacy.consents.savedOff',
          values: { name: t(`privacy.consent.${key}`) },
        },
      });
    } catch (error) {
      stored(key, !next);
      showToast({
        kind: 'error',
        message: actionFailure(error, {
          key: 'privacy.consents.failed',
          values: { name: t(`privacy.consent.${key}`) },
        }),
      });
    } finally {
      setSaving((old) => {
        const rest = new Set(old);
        rest.delete(key);
        return rest;
      });
    }
  }

  if (values.isError) {
    return (
      <p role="alert" className="settings-error">
        {t('privacy.consents.loadError')}
      </p>
    );
  }
  if (!values.data) return <Spinner label={t('common.loading')} />;
  const data = values.data;
  return (
    <ul className="settings-list" data-testid={testId}>
      {keys.map((key) => (
        <li key={key} className="settings-list__row settings-consent">
          <div className="settings-consent__label">
            <span className="settings-list__name">{t(`privacy.consent.${key}`)}</span>
            <span id={`${id}-${key}`} className="settings-consent__about">
              {t(`privacy.consentAbout.${key}`)}
            </span>
          </div>
          <input
            type="checkbox"
            role="switch"
            className="settings-switch"
            checked={data[key]}
            disabled={saving.has(key)}
            aria-label={t(`privacy.consent.${key}`)}
            aria-describedby={`${id}-${key}`}
            aria-busy={saving.has(key) || undefined}
            onChange={(event) => void toggle(key, event.target.checked)}
            data-testid={`consent-${key}`}
          />
        </li>
      ))}
    </ul>
  );
}
