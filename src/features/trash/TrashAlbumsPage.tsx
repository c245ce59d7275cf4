import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailure } from '../../api/errors';
import { loadStoredAuth } from '../../api/authStore';
import {
  AlbumUuidsResponseSchema,
  TrashAlbumsResponseSchema,
  type DeletedAlbum,
} from '../../api/contract/trash';
import { FilesResponseSchema } from '../../api/contract/files';
import { api } from '../../platform/api';
import { confirmDialog } from '../../state/dialogs';
import { asLongTask } from '../../state/longTasks';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { downloadAlbum } from '../downloads';
import { SubscriberButton } from '../readOnly';
import { TrashBack } from './TrashNavPage';
import { daysLeftText } from './trashDays';
import './Trash.css';

const trashAlbumsQuery = {
  queryKey: ['trash', 'albums'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await api().request({
        call: callTo(CALLS.trashAlbums),
        schema: TrashAlbumsResponseSchema,
        signal,
      })
    ).data.albums,
};

/**
 * SPEC §2 trash albums "export": the album's files (GET /trash_can_albums/{id}/files) as one
 * archive named after it, with the export preset of SPEC §9 (the album limit applies).
 */
async function exportAlbum(album: DeletedAlbum, name: string): Promise<void> {
  try {
    const { data } = await api().request({
      call: callTo(CALLS.trashAlbumFiles, { id: album.id }),
      schema: FilesResponseSchema,
    });
    await downloadAlbum({
      jobId: album.id,
      files: data.files.map(({ id, size, path }) => ({ id, size, path })),
      albumName: name,
      preset: 'export',
    });
  } catch (error) {
    showToast({ kind: 'error', message: actionFailure(error, { key: 'downloads.failed' }) });
  }
}

/** POST /rollback_albums or DELETE /delete_albums_from_trash_can; resolves the uuids done. */
async function actOn(kind: 'restore' | 'delete', uuids: readonly string[]): Promise<string[]> {
  const { data } = await api().request({
    call: callTo(kind === 'restore' ? CALLS.rollbackAlbums : CALLS.deleteAlbumsFromTrash),
    body: { job_uuids: [...uuids] },
    schema: AlbumUuidsResponseSchema,
  });
  return data.success.map((s) => s.uuid);
}

/**
 * /deleted_items/albums (and its in-app form): the deleted albums with cover, name, count and
 * days left; restore or delete each, or all (SPEC §2 trash albums; §8 album restore/delete
 * failure texts).
 */
export default function TrashAlbumsPage() {
  return (
    <RequireLogin>
      <TrashAlbums />
    </RequireLogin>
  );
}

function TrashAlbums() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const albums = useQuery(trashAlbumsQuery);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState<string | null>(null);
  const cover = useMemo(() => {
    const base = api().url({
      call: callTo(
        CALLS.trashThumbnail,
        { id: 'JOB_ID', fileId: 'FILE_ID' },
        { area: 256, token: loadStoredAuth()?.token },
      ),
    });
    return (album: DeletedAlbum) =>
      album.cover_id
        ? base
            .replace('JOB_ID', encodeURIComponent(album.id))
            .replace('FILE_ID', encodeURIComponent(album.cover_id))
        : null;
  }, []);

  async function run(kind: 'restore' | 'delete', list: readonly DeletedAlbum[]) {
    if (busy || list.length === 0) return;
    if (kind === 'delete') {
      const confirmed = await confirmDialog({
        title: { key: 'trash.albums.deleteConfirmTitle', values: { count: list.length } },
        body: { key: 'trash.albums.deleteConfirmBody', values: { count: list.length } },
        confirmLabel: { key: 'trash.deleteConfirm' },
        destructive: true,
      });
      if (!confirmed) return;
    }
    setBusy(true);
    try {
      const done = await asLongTask(kind, () =>
        actOn(
          kind,
          list.map((a) => a.id),
        ),
      );
      showToast({
        message: {
          key: kind === 'restore' ? 'trash.albums.restored' : 'trash.albums.deleted',
          values: { count: done.length },
        },
      });
      if (kind === 'restore') void queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] });
    } catch (error) {
      showToast({
        kind: 'error',
        message: actionFailure(error, {
          key: kind === 'restore' ? 'trash.albums.restoreFailed' : 'trash.albums.deleteFailed',
        }),
      });
    } finally {
      setBusy(false);
      void albums.refetch();
    }
  }

  const list = albums.data ?? [];
  const now = Date.now() / 1000;
  return (
    <section className="trash-albums" data-testid="trash-albums">
      <div className="trash-page__bar trash-albums__bar">
        <TrashBack />
        <h1 className="trash-page__title">{t('trash.albumsTitle')}</h1>
        <div className="trash-page__actions">
          <SubscriberButton
            onClick={() => void run('restore', list)}
            disabled={busy || list.length === 0}
            data-testid="trash-albums-restore-all"
          >
            {t('trash.restoreAll')}
          </SubscriberButton>
          <Button
            variant="danger"
            onClick={() => void run('delete', list)}
            disabled={busy || list.length === 0}
            data-testid="trash-albums-delete-all"
          >
            {t('trash.emptyAll')}
          </Button>
        </div>
      </div>
      <p className="trash-page__note">{t('trash.note')}</p>
      {albums.isError ? (
        <MessagePage
          title={t('trash.loadError')}
          actions={
            <Button variant="primary" onClick={() => void albums.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !albums.data ? (
        <Spinner label={t('common.loading')} />
      ) : list.length === 0 ? (
        <div data-testid="trash-albums-empty">
          <MessagePage title={t('trash.albums.emptyTitle')}>
            <p>{t('trash.albums.emptyBody')}</p>
          </MessagePage>
        </div>
      ) : (
        <ul className="trash-albums__list">
          {list.map((album) => {
            const src = cover(album);
            const name = album.name?.trim() ? album.name : t('albums.unnamed');
            return (
              <li
                key={album.id}
                className="trash-album"
                data-testid="trash-album"
                data-album-id={album.id}
              >
                <span className="trash-album__cover">
                  {src ? <img src={src} alt="" loading="lazy" /> : null}
                </span>
                <span className="trash-album__text">
                  <span className="trash-album__name">{name}</span>
                  <span className="trash-album__meta">
                    {t('albums.fileCount', { count: album.media_count })}
                    {' · '}
                    {daysLeftText(t, album.dtime, now)}
                  </span>
                </span>
                <Button
                  onClick={() => {
                    setExporting(album.id);
                    void exportAlbum(album, name).finally(() => setExporting(null));
                  }}
                  disabled={album.media_count === 0 || exporting === album.id}
                  aria-label={t('trash.albums.exportOne', { name })}
                  data-testid="trash-album-export"
                >
                  {t('trash.albums.export')}
                </Button>
                <SubscriberButton
                  onClick={() => void run('restore', [album])}
                  disabled={busy}
                  aria-label={t('trash.albums.restoreOne', { name })}
                  data-testid="trash-album-restore"
                >
                  {t('trash.restore')}
                </SubscriberButton>
                <Button
                  variant="danger"
                  onClick={() => void run('delete', [album])}
                  disabled={busy}
                  aria-label={t('trash.albums.deleteOne', { name })}
                  data-testid="trash-album-delete"
                >
                  {t('trash.delete')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
