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
import { mayAddTo } from './albumRights';
import { SubscriberButton } from '../readOnly';
import type { IncomingFile } from '../upload';
import { registerUploadOffer } from '../../state/uploadOffer';
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
 * not add is told so. On a shared album the page registers it as the way to ask before any upload
 * (SPEC §2 "also copy to my timeline"; state/uploadOffer.ts): the header's Upload, the top bar's
 * and files dropped on the page, which the overlay holds until the user confirms or cancels.
 */
export function useUploadOverlay(
  album: AlbumInfo,
  actions: { upload: AlbumUpload; addPhotos: () => void; openUploadOverlay: () => void },
) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = location.hash === `#${SHOW_UPLOAD_OVERLAY}`;
  const canAdd = mayAddTo(album);
  const shared = album.privacy_mode !== 'private';
  const jobId = album.id;
  const { openUploadOverlay } = actions;
  const [dropped, setDropped] = useState<readonly IncomingFile[] | null>(null);
  useEffect(() => {
    if (!shared || !canAdd) return undefined;
    return registerUploadOffer({
      jobId,
      ask: (files) => {
        setDropped(files && files.length > 0 ? files : null);
        openUploadOverlay();
      },
    });
  }, [shared, canAdd, jobId, openUploadOverlay]);
  // The overlay left another way (Back): the files dropped for it go with it, not uploaded.
  const wasAsked = useRef(asked);
  useEffect(() => {
    if (wasAsked.current && !asked) setDropped(null);
    wasAsked.current = asked;
  }, [asked]);
  const close = () => {
    setDropped(null);
    void navigate(`${location.pathname}${location.search}`, { replace: true });
  };
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
      offersTimelineCopy={shared}
      dropped={dropped}
      onClose={close}
      onUpload={(files, options) => {
        close();
        actions.upload(files, options);
      }}
      onAddPhotos={actions.addPhotos}
    />
  );
}

/** Files dropped on the page named in the overlay, this many at most; then "and N more". */
const NAMED_FILES = 5;

function UploadOverlay({
  title,
  offersTimelineCopy,
  dropped,
  onClose,
  onUpload,
  onAddPhotos,
}: {
  title: string;
  offersTimelineCopy: boolean;
  /** Files dropped on the page: the overlay asks about exactly these (no other choices). */
  dropped: readonly IncomingFile[] | null;
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
      actions={
        <>
          <Button onClick={onClose} data-testid="upload-overlay-cancel">
            {t('common.cancel')}
          </Button>
          {dropped ? (
            <SubscriberButton
              variant="primary"
              onClick={() => onUpload(dropped, { alsoTargetTimeline })}
              data-testid="upload-overlay-confirm"
            >
              {t('albums.upload')}
            </SubscriberButton>
          ) : null}
        </>
      }
    >
      <div className="upload-overlay" data-testid="upload-overlay" data-dropped={dropped?.length}>
        {dropped ? (
          <>
            <p>{t('albums.uploadOverlay.dropped', { count: dropped.length })}</p>
            <ul className="upload-overlay__files" data-testid="upload-overlay-files">
              {dropped.slice(0, NAMED_FILES).map((entry, index) => (
                <li key={index} title={entry.file.name}>
                  <bdi>{entry.file.name}</bdi>
                </li>
              ))}
              {dropped.length > NAMED_FILES ? (
                <li className="upload-overlay__more">
                  {t('albums.uploadOverlay.moreFiles', { count: dropped.length - NAMED_FILES })}
                </li>
              ) : null}
            </ul>
          </>
        ) : (
          <>
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
          </>
        )}
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
