import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AlbumInfo } from '../../api/contract/albums';
import { actionFailure, isApiError } from '../../api/errors';
import { useLoginStatus } from '../../state/session';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { refreshAlbum } from './albumApi';
import { SubscriberButton } from '../readOnly';
import { AlbumUploadButton, type AlbumUpload } from './AlbumUploadButton';
import { joinFromLink } from './visitorApi';
import './UploadOverlay.css';

/**
 * SPEC §6: "Adding a photo to an album as a visitor redirects to sign in and returns with a
 * showUploadOverlay fragment". The fragment opens the upload overlay of the album page.
 */
export const SHOW_UPLOAD_OVERLAY = 'showUploadOverlay';

/**
 * On the album's link, signed in, with the fragment: adding photos makes one a member (only
 * members add to another's album, SPEC §6), then the album page opens with the overlay.
 */
export function useJoinForUpload(jobId: string): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useLoginStatus() === 'AUTHENTICATED';
  const wanted = signedIn && location.hash === `#${SHOW_UPLOAD_OVERLAY}`;
  const started = useRef(false);
  useEffect(() => {
    if (!wanted || started.current) return;
    started.current = true;
    const album = `/albums/${encodeURIComponent(jobId)}`;
    joinFromLink(jobId).then(
      async () => {
        await refreshAlbum(jobId);
        void navigate(`${album}#${SHOW_UPLOAD_OVERLAY}`, { replace: true });
      },
      (failure: unknown) => {
        // The owner is in already (400); anything else stays on the link, said.
        if (isApiError(failure, 'badRequest')) {
          return void navigate(`${album}#${SHOW_UPLOAD_OVERLAY}`, { replace: true });
        }
        showToast({
          kind: 'error',
          message: actionFailure(failure, { key: 'albums.subscribe.failed' }),
        });
        void navigate(`${location.pathname}${location.search}`, { replace: true });
      },
    );
  }, [wanted, jobId, navigate, location.pathname, location.search]);
  return wanted;
}

/**
 * The album page's side of the fragment: the overlay opens when the user may add to the album
 * (the owner, or a member while it takes uploads); closing it drops the fragment. A user who may
 * not add is told so.
 */
export function useUploadOverlay(
  album: AlbumInfo,
  actions: { upload: AlbumUpload; addPhotos: () => void },
) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = location.hash === `#${SHOW_UPLOAD_OVERLAY}`;
  const canAdd =
    album.role === 'owner' || (album.role === 'member' && (album.permissions & 2) !== 0);
  const close = () => void navigate(`${location.pathname}${location.search}`, { replace: true });
  const [told, setTold] = useState(false);
  useEffect(() => {
    if (!asked || canAdd || told) return;
    setTold(true);
    showToast({ kind: 'error', message: { key: 'albums.uploadOverlay.notAllowed' } });
    void navigate(`${location.pathname}${location.search}`, { replace: true });
  }, [asked, canAdd, told, navigate, location.pathname, location.search]);
  if (!asked || !canAdd) return null;
  return (
    <UploadOverlay
      title={album.title ?? ''}
      // SPEC §2: adding to a shared album, signed in (as here), may also copy to the timeline.
      offersTimelineCopy={album.privacy_mode !== 'private'}
      onClose={close}
      onUpload={(files, options) => {
        close();
        actions.upload(files, options);
      }}
      onAddPhotos={actions.addPhotos}
    />
  );
}

function UploadOverlay({
  title,
  offersTimelineCopy,
  onClose,
  onUpload,
  onAddPhotos,
}: {
  title: string;
  offersTimelineCopy: boolean;
  onClose: () => void;
  onUpload: AlbumUpload;
  onAddPhotos: () => void;
}) {
  const { t } = useTranslation();
  const [alsoTargetTimeline, setAlsoTargetTimeline] = useState(false);
  return (
    <Dialog
      open
      title={title.trim() ? t('albums.uploadOverlay.title', { title }) : t('albums.addPhotos')}
      onClose={onClose}
      actions={<Button onClick={onClose}>{t('common.cancel')}</Button>}
    >
      <div className="upload-overlay" data-testid="upload-overlay">
        <p>{t('albums.uploadOverlay.body')}</p>
        <div className="upload-overlay__choices">
          <AlbumUploadButton
            variant="primary"
            onFiles={(files) => onUpload(files, { alsoTargetTimeline })}
            testId="upload-overlay-device"
            inputTestId="upload-overlay-input"
          >
            {t('albums.uploadOverlay.device')}
          </AlbumUploadButton>
          <SubscriberButton onClick={onAddPhotos} data-testid="upload-overlay-photos">
            {t('albums.uploadOverlay.photos')}
          </SubscriberButton>
        </div>
        {offersTimelineCopy ? (
          <label className="upload-overlay__timeline">
            <input
              type="checkbox"
              checked={alsoTargetTimeline}
              onChange={(event) => setAlsoTargetTimeline(event.target.checked)}
              data-testid="upload-overlay-timeline"
            />
            {t('albums.uploadOverlay.alsoTimeline')}
          </label>
        ) : null}
      </div>
    </Dialog>
  );
}
