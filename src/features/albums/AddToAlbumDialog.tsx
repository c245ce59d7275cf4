import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { AlbumChoices, useAlbumPicker } from './AlbumChoices';
import { NewAlbumDialog } from './NewAlbumDialog';

export interface AddToAlbumProps {
  /** The job the files are in (the timeline, or the album they are shown from). */
  sourceJob: string;
  fileIds: readonly string[];
  onClose: () => void;
  /** Called once the files are in an album. */
  onAdded?: () => void;
}

/**
 * The add-to-album picker (SPEC §5): the albums the user may add to, the source album left out,
 * Done disabled until one is chosen; or a new album made of these files.
 */
export function AddToAlbumDialog({ sourceJob, fileIds, onClose, onAdded }: AddToAlbumProps) {
  const { t } = useTranslation();
  const picker = useAlbumPicker({ sourceJob, fileIds });
  const [creating, setCreating] = useState(false);

  // Cancel in the new album's form goes back to the choice of albums, these files still chosen
  // (and the grid's selection kept): only the picker's own Cancel gives up adding them.
  if (creating) {
    return (
      <NewAlbumDialog
        onClose={onClose}
        onCancel={() => setCreating(false)}
        files={{ sourceJob, ids: fileIds }}
      />
    );
  }

  async function add() {
    if (await picker.add()) {
      onAdded?.();
      onClose();
    }
  }

  return (
    <Dialog
      open
      title={t('albums.add.title', { count: fileIds.length })}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            disabled={!picker.chosen || picker.busy}
            onClick={() => void add()}
            data-testid="add-to-album-done"
          >
            {t('albums.add.done')}
          </Button>
        </>
      }
    >
      <div data-testid="add-to-album">
        <Button onClick={() => setCreating(true)} data-testid="add-to-album-new">
          {t('albums.add.newAlbum')}
        </Button>
        <AlbumChoices
          picker={picker}
          label={t('albums.add.choose')}
          name="album"
          testId="album-choice"
          emptyText={t('albums.add.none')}
        />
      </div>
    </Dialog>
  );
}
