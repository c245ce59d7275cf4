import { useTranslation } from 'react-i18next';
import { anyTestFlagActive, useFeatureFlags } from '../state/featureFlags';

/** SPEC §2: QA corner marker: red when test flags are active, gold on staging, a gradient if both. */
export function QaCornerMarker() {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const testFlags = anyTestFlagActive(flags);
  const staging = flags.staging;
  if (!testFlags && !staging) return null;
  const variant = testFlags && staging ? 'both' : staging ? 'staging' : 'flags';
  const label =
    variant === 'both'
      ? t('shell.qaBoth')
      : variant === 'staging'
        ? t('shell.qaStaging')
        : t('shell.qaTestFlags');
  return (
    <div
      className={`qa-marker qa-marker--${variant}`}
      data-testid="qa-marker"
      data-variant={variant}
      title={label}
      aria-label={label}
      role="img"
    />
  );
}
