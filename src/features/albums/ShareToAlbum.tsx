import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AlbumChoices, useAlbumPicker } from './AlbumChoices';
import './albumForm.css';

/**
 * The share dialog's albumOptions view (SPEC §5: "share-to-album lists only shared albums"): the
 * shared albums the user may add to, Done disabled until one is chosen; the copy says "added to
 * album" with "see album" like the add-to-album picker.
 */
export function ShareToAlbumList({
  sourceJob,
  fileIds,
  onBack,
  onDone,
}: {
  sourceJob: string;
  fileIds: readonly string[];
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const picker = useAlbumPicker({ sourceJob, fileIds, sharedOnly: true });
  return (
    <div data-testid="share-album-options">
      <AlbumChoices
        picker={picker}
        label={t('share.album.choose')}
        name="share-album"
        testId="share-album-choice"
        emptyText={t('share.album.none')}
        emptyTestId="share-album-none"
      />
      <div className="album-choices__actions">
        <Button onClick={onBack}>{t('share.back')}</Button>
        <Button
          variant="primary"
          disabled={!picker.chosen || picker.busy}
          onClick={() => void picker.add().then((ok) => ok && onDone())}
          data-testid="share-album-done"
        >
          {t('albums.add.done')}
        </Button>
      </div>
    </div>
  );
}
