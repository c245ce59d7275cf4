import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AlbumInfo } from '../../api/contract/albums';
import { buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { CreateUserNote, NotFoundView } from '../auth';
import { fileDetailQuery } from '../carousel';
import { ShareFiles } from '../share';
import { shownTitle } from './albumList';
import { LinkAlbumGate } from './LinkAlbumGate';

/**
 * SPEC §2 `/albumImage/{jobId}/{fileId}`: one file of an album, shown as a share shows a single
 * file — the share page's layout, the file large, the viewer over it, "add to my photos" (the
 * login-gated `/a/{jobId}/{fileId}/copyAlbum`) and a way on to the whole album. The album is read
 * through its link (password, login and not-found pages of SPEC §4, `LinkAlbumGate`); a file
 * that is not in it shows share-not-found.
 */
export default function AlbumImagePage() {
  const { jobId = '', fileId = '' } = useParams();
  return (
    <LinkAlbumGate jobId={jobId}>
      {(album) => <AlbumImage album={album} fileId={fileId} />}
    </LinkAlbumGate>
  );
}

function AlbumImage({ album, fileId }: { album: AlbumInfo; fileId: string }) {
  const { t } = useTranslation();
  const file = useQuery({ ...fileDetailQuery(album.id, fileId), retry: false });
  if (file.isError) return <NotFoundView kind="share" />;
  if (!file.data) return <Spinner label={t('common.loading')} />;
  const job = encodeURIComponent(album.id);
  const path = `/albumImage/${job}/${encodeURIComponent(fileId)}`;
  const title = shownTitle(album.title) ?? t('albums.unnamed');
  return (
    <section className="share-page" data-testid="album-image-page" data-share={album.id}>
      <header className="share-page__header">
        <div>
          <h1 data-testid="share-title">{title}</h1>
          <p className="share-page__meta">
            {file.data.type === 'movie' ? t('albums.image.video') : t('albums.image.photo')}
          </p>
          {/* SPEC §9: shown as a share, with the share text's 2 GB of free storage. */}
          <CreateUserNote className="share-page__meta" />
        </div>
        <div className="share-page__actions">
          <Link
            className={buttonClass('primary')}
            to={`/a/${job}/${encodeURIComponent(fileId)}/copyAlbum`}
            data-testid="share-add-to-photos"
          >
            {t('share.copy.action')}
          </Link>
          <Link className={buttonClass()} to={`/a/${job}`} data-testid="album-image-open-album">
            {t('albums.image.openAlbum')}
          </Link>
        </div>
      </header>
      <ShareFiles jobId={album.id} files={[file.data]} path={path} />
    </section>
  );
}
