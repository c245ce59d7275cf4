import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccountInfo } from '../../platform/queries';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { albumListQuery } from './albumApi';
import { indexAlbums } from './albumList';
import { addFilesToAlbum, albumsToAddTo } from './addToAlbum';
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
  const navigate = useNavigate();
  const albums = useQuery(albumListQuery);
  const me = useAccountInfo().data?.uuid;
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
  const choices = useMemo(
    () => indexAlbums(albumsToAddTo(albums.data ?? [], me, sourceJob)),
    [albums.data, me, sourceJob],
  );

  if (creating) {
    return <NewAlbumDialog onClose={onClose} files={{ sourceJob, ids: fileIds }} />;
  }

  async function add() {
    if (!chosen || busy) return;
    setBusy(true);
    const albumId = chosen;
    const ok = await addFilesToAlbum({
      albumId,
      sourceJob,
      fileIds,
      seeAlbum: () => void navigate(`/albums/${encodeURIComponent(albumId)}`),
    });
    setBusy(false);
    if (ok) {
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
            disabled={!chosen || busy}
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
        {albums.isError ? (
          <p role="alert" className="albums-form__error">
            {t('albums.list.loadError')}
          </p>
        ) : !albums.data ? (
          <Spinner label={t('common.loading')} />
        ) : choices.length === 0 ? (
          <p>{t('albums.add.none')}</p>
        ) : (
          <div role="radiogroup" aria-label={t('albums.add.choose')} className="album-choices">
            {choices.map(({ album, title }) => (
              <label key={album.id} className="album-choice" data-testid="album-choice">
                <input
                  type="radio"
                  name="album"
                  value={album.id}
                  checked={chosen === album.id}
                  onChange={() => setChosen(album.id)}
                />
                <span className="album-choice__title">{title ?? t('albums.unnamed')}</span>
                <span className="album-choice__count">
                  {t('albums.fileCount', { count: album.size ?? 0 })}
                </span>
              </label>
            ))}
          </div>
        )}
      </div>
    </Dialog>
  );
}
