import { useTranslation } from 'react-i18next';
import type { GalleryEngine } from '../../gallery';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { SubscriberButton } from '../readOnly';
import { SelectionToolbar, type TimelineFilter, useSelectionSummary } from '../photoGrid';
import { TimelineFilters } from './TimelineFilters';

// The timeline page's bar (filters, or the selection's actions) and its full-page messages.

export function TopBar({
  engine,
  filter,
  onFilterChange,
  onDownload,
  onDelete,
  onAddToAlbum,
  onShare,
}: {
  engine: GalleryEngine;
  filter: TimelineFilter;
  onFilterChange: (choice: TimelineFilter | 'recents') => void;
  onDownload: () => void;
  onDelete: () => void;
  onAddToAlbum: () => void;
  onShare: () => void;
}) {
  const { t } = useTranslation();
  const { count } = useSelectionSummary(engine);
  return count > 0 ? (
    <SelectionToolbar
      engine={engine}
      onDownload={onDownload}
      onDelete={onDelete}
      extra={
        <>
          <SubscriberButton onClick={onShare} data-testid="selection-share">
            {t('share.action')}
          </SubscriberButton>
          <SubscriberButton onClick={onAddToAlbum} data-testid="selection-add-to-album">
            {t('albums.add.action')}
          </SubscriberButton>
        </>
      }
    />
  ) : (
    <TimelineFilters filter={filter} onChange={onFilterChange} />
  );
}

export function EmptyState({ filter }: { filter: TimelineFilter }) {
  const { t } = useTranslation();
  const title = filter === 'all' ? t('timeline.emptyTitle') : t(`timeline.empty.${filter}.title`);
  const body = filter === 'all' ? t('timeline.emptyBody') : t(`timeline.empty.${filter}.body`);
  return (
    <div className="timeline-page__overlay" data-testid="timeline-empty" data-filter={filter}>
      <MessagePage title={title}>
        <p>{body}</p>
      </MessagePage>
    </div>
  );
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
