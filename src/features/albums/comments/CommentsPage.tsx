import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AlbumInfo } from '../../../api/contract/albums';
import { fileName } from '../../../domain/classify';
import { mediaUrls } from '../../../platform/mediaUrls';
import { useBreakpoint } from '../../../state/viewport';
import { Button } from '../../../ui/Button';
import { fileDetailQuery } from '../../carousel';
import { AlbumNotFound } from '../AlbumNotFound';
import { useAlbumSync } from '../albumLive';
import type { CommentsLocationState } from '../CommentsPanel';
import { LinkAlbumGate } from '../LinkAlbumGate';
import { Comments } from './Comments';

/**
 * SPEC §2 `/comments/{jobId}/{fileId}`: a file's comments as a full-screen panel on phones (the
 * viewer's toolbar links here). Anyone who reads the album opens it — a visitor through the
 * link, with its password form first when it has one. Back returns to the viewer it came from,
 * or to the file's viewer for a link opened on its own. Comments of others arrive live.
 */
export default function CommentsPage() {
  const { jobId = '', fileId = '' } = useParams();
  return (
    <LinkAlbumGate jobId={jobId}>
      {(album) => <FileComments album={album} fileId={fileId} />}
    </LinkAlbumGate>
  );
}

function FileComments({ album, fileId }: { album: AlbumInfo; fileId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useBreakpoint() === 'mobile';
  const jobId = album.id;
  const detail = useQuery(fileDetailQuery(jobId, fileId));
  useAlbumSync(jobId);

  const from = (location.state as CommentsLocationState | null)?.from;
  const job = encodeURIComponent(jobId);
  const file = encodeURIComponent(fileId);
  const viewer = album.role === 'visitor' ? `/a/${job}?file=${file}` : `/carousel/${job}/${file}`;
  const back = () => void (from ? navigate(-1) : navigate(viewer, { replace: true }));

  if (detail.isError) return <AlbumNotFound />;
  const name = detail.data?.path ? fileName(detail.data.path) : '';
  return (
    <section className="comments-page" data-testid="comments-page">
      <header className="comments-page__header">
        <Button onClick={back} data-testid="comments-page-back">
          <span aria-hidden="true">‹</span> {t('albums.comments.back')}
        </Button>
        <h1>{t('albums.comments.title')}</h1>
      </header>
      <figure className="comments-page__file">
        <img
          src={mediaUrls(jobId).thumbnail(fileId, 256)}
          alt={name}
          width={96}
          height={96}
          data-testid="comments-page-thumbnail"
        />
        {name ? <figcaption>{name}</figcaption> : null}
      </figure>
      <Comments
        key={`${jobId}/${fileId}`}
        jobId={jobId}
        fileId={fileId}
        truncate={mobile}
        mobile={mobile}
        heading="h2"
      />
    </section>
  );
}
