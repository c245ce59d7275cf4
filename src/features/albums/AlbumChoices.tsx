import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccountInfo } from '../../platform/queries';
import { Spinner } from '../../ui/Spinner';
import { albumListQuery } from './albumApi';
import { indexAlbums, type ListedAlbum } from './albumList';
import { addFilesToAlbum, albumsToAddTo } from './addToAlbum';
import './albumForm.css';

/**
 * Picking an album to add files to (the add-to-album picker, the share dialog's shared albums):
 * the albums the user may add to (SPEC §5, `sharedOnly` for share-to-album), the choice, and the
 * copy with its toasts. `add` resolves whether the files went in.
 */
export function useAlbumPicker(options: {
  sourceJob: string;
  fileIds: readonly string[];
  sharedOnly?: boolean;
}) {
  const { sourceJob, fileIds, sharedOnly = false } = options;
  const navigate = useNavigate();
  const albums = useQuery(albumListQuery);
  const me = useAccountInfo().data?.uuid;
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = useMemo(() => {
    const allowed = albumsToAddTo(albums.data ?? [], me, sourceJob);
    return indexAlbums(sharedOnly ? allowed.filter((a) => a.privacy_mode !== 'private') : allowed);
  }, [albums.data, me, sourceJob, sharedOnly]);

  async function add(): Promise<boolean> {
    if (!chosen || busy) return false;
    setBusy(true);
    const albumId = chosen;
    const ok = await addFilesToAlbum({
      albumId,
      sourceJob,
      fileIds,
      seeAlbum: () => void navigate(`/albums/${encodeURIComponent(albumId)}`),
    });
    setBusy(false);
    return ok;
  }

  return { albums, choices, chosen, setChosen, busy, add };
}

/**
 * Albums to pick one from, title and count each; while the list loads a spinner, when it failed
 * the load error, and `emptyText` when there is none to pick.
 */
export function AlbumChoices({
  picker,
  label,
  name,
  testId,
  emptyText,
  emptyTestId,
}: {
  picker: Pick<ReturnType<typeof useAlbumPicker>, 'albums' | 'choices' | 'chosen' | 'setChosen'>;
  label: string;
  /** The radio group's name (one per dialog). */
  name: string;
  /** Each choice's data-testid. */
  testId: string;
  emptyText: string;
  emptyTestId?: string;
}) {
  const { t } = useTranslation();
  const { albums, choices, chosen, setChosen } = picker;
  if (albums.isError) {
    return (
      <p role="alert" className="albums-form__error">
        {t('albums.list.loadError')}
      </p>
    );
  }
  if (!albums.data) return <Spinner label={t('common.loading')} />;
  if (choices.length === 0) return <p data-testid={emptyTestId}>{emptyText}</p>;
  return (
    <div role="radiogroup" aria-label={label} className="album-choices">
      {choices.map(({ album, title }: ListedAlbum) => (
        <label key={album.id} className="album-choice" data-testid={testId}>
          <input
            type="radio"
            name={name}
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
  );
}
