import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useLoginStatus } from '../../state/session';
import { SubscriberButton } from '../readOnly';
import { folderUploadTarget } from './folderAlbum';
import { startUpload } from './startUpload';
import { targetForPath } from './target';

/** SPEC §5: "Upload accepts image/*, video/*, mp4, x-m4v, .heic, multiple files." */
export const UPLOAD_ACCEPT = 'image/*,video/*,video/mp4,video/x-m4v,.heic';

/** The top navigation's upload button: a file picker into the page's album, else the timeline. */
export function UploadButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const { pathname } = useLocation();
  const loggedIn = useLoginStatus() === 'AUTHENTICATED';
  // A folder picker (React has no prop for the attribute; every current browser reads it).
  useEffect(() => folderInput.current?.setAttribute('webkitdirectory', ''), [loggedIn]);
  if (!loggedIn) return null;
  // SPEC §6: a read-only user gets the readonly tooltip and a subscribe button instead.
  return (
    <>
      <SubscriberButton
        variant="primary"
        className="upload-button"
        aria-label={t('upload.buttonLabel')}
        onClick={() => input.current?.click()}
        data-testid="upload-button"
      >
        {/* Phones show the icon alone (issue 20: the top bar fits 360 px); the name stays. */}
        <svg
          className="upload-button__icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M11 16V7.8l-3.6 3.6L6 10l6-6 6 6-1.4 1.4L13 7.8V16h-2zm-7 4v-5h2v3h12v-3h2v5H4z" />
        </svg>
        <span className="upload-button__text">{t('upload.button')}</span>
      </SubscriberButton>
      {/* SPEC §4: a folder's files, with the offer of an album named after it. */}
      <SubscriberButton
        variant="ghost"
        className="upload-button upload-button--folder"
        aria-label={t('upload.folderLabel')}
        onClick={() => folderInput.current?.click()}
        data-testid="upload-folder-button"
      >
        <svg
          className="upload-button__icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M4 5h6l2 2h8v12H4V5zm2 4v8h12V9H6z" />
        </svg>
        <span className="upload-button__text">{t('upload.folder')}</span>
      </SubscriberButton>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []).map((file) => ({ file }));
          // Cleared so picking the same files again fires change again.
          event.currentTarget.value = '';
          void startUpload(files, targetForPath(pathname));
        }}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        data-testid="upload-folder-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []).map((file) => ({ file }));
          event.currentTarget.value = '';
          const fallback = targetForPath(pathname);
          void folderUploadTarget(files, fallback).then((target) => startUpload(files, target));
        }}
      />
    </>
  );
}
