import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { AlbumInfo } from '../../api/contract/albums';
import { useLoginStatus } from '../../state/session';
import { Button } from '../../ui/Button';
import { startLogin } from '../auth';
import { SHOW_UPLOAD_OVERLAY } from './UploadOverlay';
import './VisitorAlbumHeader.css';

/**
 * The header of a shared album opened from its link (SPEC §2 `/a/{jobId}`): title and the counts
 * of files, comments and loves (they follow the album live), and the visitor's actions — each
 * needs an account, so each is a route (or a return address) the login comes back to (SPEC §6):
 * join, copy to one's photos, create one's own album, and add photos when the album takes them.
 */
export function VisitorAlbumHeader({ album, title }: { album: AlbumInfo; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useLoginStatus() === 'AUTHENTICATED';
  const job = encodeURIComponent(album.id);
  const takesUploads = (album.permissions & 2) !== 0;

  function addPhotos() {
    // SPEC §6: a visitor signs in and comes back with the fragment that opens the upload overlay.
    const back = `/a/${job}#${SHOW_UPLOAD_OVERLAY}`;
    if (signedIn) void navigate(back);
    else void startLogin({ returnTo: back, ifFails: `/a/${job}` });
  }

  return (
    <header className="visitor-album__header" data-testid="visitor-album-header">
      <h1 data-testid="visitor-album-title">{title}</h1>
      <p data-testid="visitor-album-counts">
        {t('albums.fileCount', { count: album.counts.files })}
        {' · '}
        <span data-testid="visitor-album-comments">
          {t('albums.commentCount', { count: album.counts.comments })}
        </span>
        {' · '}
        <span data-testid="visitor-album-loves">
          {t('albums.loveCount', { count: album.counts.loves })}
        </span>
      </p>
      <div className="visitor-album__actions">
        <Link to={`/a/${job}/subscribe`} className="ui-button" data-testid="visitor-album-join">
          {t('albums.subscribe.action')}
        </Link>
        <Link to={`/a/${job}/copyAlbum`} className="ui-button" data-testid="visitor-album-copy">
          {t('albums.copy.action')}
        </Link>
        {takesUploads ? (
          <Button onClick={addPhotos} data-testid="visitor-album-add">
            {t('albums.addPhotos')}
          </Button>
        ) : null}
        <Link to={`/a/${job}/createNew`} className="ui-button" data-testid="visitor-album-create">
          {t('albums.createOwn.action')}
        </Link>
      </div>
    </header>
  );
}
