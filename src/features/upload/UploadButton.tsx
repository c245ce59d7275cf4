import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { ButtonProps } from '../../ui/Button';
import { useLoginStatus } from '../../state/session';
import { useUploadOfferFor } from '../../state/uploadOffer';
import { SubscriberButton } from '../readOnly';
import { folderUploadTarget } from './folderAlbum';
import type { IncomingFile } from './model';
import { startUpload } from './startUpload';
import { targetForPath } from './target';

/** SPEC §5: "Upload accepts image/*, video/*, mp4, x-m4v, .heic, multiple files." */
export const UPLOAD_ACCEPT = 'image/*,video/*,video/mp4,video/x-m4v,.heic';

const UPLOAD_ICON =
  'M11 16V7.8l-3.6 3.6L6 10l6-6 6 6-1.4 1.4L13 7.8V16h-2zm-7 4v-5h2v3h12v-3h2v5H4z';
const FOLDER_ICON = 'M4 5h6l2 2h8v12H4V5zm2 4v8h12V9H6z';

/**
 * The top navigation's upload buttons: files into the page's album, else the timeline; and a
 * folder (SPEC §4), with the offer of an album named after it.
 */
export function UploadButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const loggedIn = useLoginStatus() === 'AUTHENTICATED';
  const target = targetForPath(pathname);
  // A shared album's page asks about the timeline copy first (SPEC §2; state/uploadOffer.ts).
  const ask = useUploadOfferFor(target.kind === 'job' ? target.jobId : null);
  if (!loggedIn) return null;
  return (
    <>
      <PickerButton
        variant="primary"
        label={t('upload.buttonLabel')}
        text={t('upload.button')}
        icon={UPLOAD_ICON}
        testId="upload"
        onFiles={(files) => void startUpload(files, target)}
        {...(ask ? { onClickInstead: ask } : {})}
      />
      <PickerButton
        variant="ghost"
        label={t('upload.folderLabel')}
        text={t('upload.folder')}
        icon={FOLDER_ICON}
        testId="upload-folder"
        folder
        onFiles={(files) =>
          void folderUploadTarget(files, target).then((chosen) => startUpload(files, chosen))
        }
      />
    </>
  );
}

/**
 * A button that opens the browser's picker (of files, or of a folder) and hands over what was
 * picked. SPEC §6: a read-only user gets the readonly tooltip and a subscribe button instead.
 */
function PickerButton({
  variant,
  label,
  text,
  icon,
  testId,
  folder = false,
  onFiles,
  onClickInstead,
}: {
  variant: ButtonProps['variant'];
  label: string;
  text: string;
  icon: string;
  testId: string;
  folder?: boolean;
  onFiles: (files: IncomingFile[]) => void;
  /** Asked instead of opening the picker (a shared album's upload overlay). */
  onClickInstead?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // A folder picker: React has no prop for the attribute; every current desktop browser reads it.
  useEffect(() => {
    if (folder) input.current?.setAttribute('webkitdirectory', '');
  }, [folder]);
  return (
    <>
      <SubscriberButton
        variant={variant}
        className={folder ? 'upload-button upload-button--folder' : 'upload-button'}
        aria-label={label}
        onClick={() => (onClickInstead ? onClickInstead() : input.current?.click())}
        data-testid={`${testId}-button`}
      >
        {/* Phones show the icon alone (issue 20: the top bar fits 360 px); the name stays. */}
        <svg
          className="upload-button__icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path d={icon} />
        </svg>
        <span className="upload-button__text">{text}</span>
      </SubscriberButton>
      <input
        ref={input}
        type="file"
        multiple
        accept={folder ? undefined : UPLOAD_ACCEPT}
        hidden
        data-testid={`${testId}-input`}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []).map((file) => ({ file }));
          // Cleared so picking the same files again fires change again.
          event.currentTarget.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
