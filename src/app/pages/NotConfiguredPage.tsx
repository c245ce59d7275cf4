import { useTranslation } from 'react-i18next';
import { useBrand } from '../../platform/brand';
import type { AppConfigProblem } from '../../platform/appConfig';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';

/**
 * The app without a usable /app-config.json (platform/appConfig.ts): it cannot know where the
 * service is, and a production build never guesses. Says what is missing; offline, a retry.
 */
export function NotConfiguredPage({
  problem,
  onRetry = () => location.reload(),
}: {
  problem: AppConfigProblem;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const reason =
    problem.kind === 'unreachable'
      ? t('notConfigured.unreachable')
      : problem.kind === 'status'
        ? t('notConfigured.status', { status: problem.status })
        : t('notConfigured.invalid', { fields: problem.fields.join(', ') });
  return (
    <main className="app-main app-main--bare">
      <MessagePage
        testId="not-configured"
        title={t('notConfigured.title', { brand: brand.name })}
        actions={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      >
        <p data-testid="not-configured-reason">{reason}</p>
        {problem.kind === 'unreachable' ? null : <p>{t('notConfigured.operator')}</p>}
      </MessagePage>
    </main>
  );
}
