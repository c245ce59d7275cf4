import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { EmptyGrid, type TimelineFilter } from '../photoGrid';

// The timeline page's empty state and its full-page messages.

export function EmptyState({ filter }: { filter: TimelineFilter }) {
  const { t } = useTranslation();
  const title = filter === 'all' ? t('timeline.emptyTitle') : t(`timeline.empty.${filter}.title`);
  const body = filter === 'all' ? t('timeline.emptyBody') : t(`timeline.empty.${filter}.body`);
  return <EmptyGrid testId="timeline-empty" dataset={{ filter }} title={title} body={body} />;
}

export function TimelineError({
  messageKey,
  onRetry,
}: {
  messageKey: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId="timeline-error"
      title={t('timeline.errorTitle')}
      actions={
        <Button variant="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      <p>{t(messageKey as 'timeline.loadError')}</p>
    </MessagePage>
  );
}
