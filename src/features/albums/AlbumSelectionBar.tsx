import { useTranslation } from 'react-i18next';
import type { GalleryEngine } from '../../gallery';
import { SelectionToolbar, useSelectionSummary } from '../photoGrid';
import { SubscriberButton } from '../readOnly';

/** Shown while files are selected: the timeline's toolbar with share and add-to-album. */
export function AlbumSelectionBar({
  engine,
  onDownload,
  onAdd,
  onShare,
  onDelete,
}: {
  engine: GalleryEngine;
  onDownload: () => void;
  onAdd: () => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { count } = useSelectionSummary(engine);
  if (count === 0) return null;
  return (
    <div className="timeline-page__bar">
      <SelectionToolbar
        engine={engine}
        onDownload={onDownload}
        onDelete={onDelete}
        extra={
          <>
            <SubscriberButton onClick={onShare} data-testid="selection-share">
              {t('share.action')}
            </SubscriberButton>
            <SubscriberButton onClick={onAdd} data-testid="selection-add-to-album">
              {t('albums.add.action')}
            </SubscriberButton>
          </>
        }
      />
    </div>
  );
}
