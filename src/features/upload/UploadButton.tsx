import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useIsReadOnlyUser } from '../../platform/queries';
import { useLoginStatus } from '../../state/session';
import { showToast } from '../../state/toasts';
import { startUpload } from './startUpload';
import { targetForPath } from './target';

/** SPEC §5: "Upload accepts image/*, video/*, mp4, x-m4v, .heic, multiple files." */
export const UPLOAD_ACCEPT = 'image/*,video/*,video/mp4,video/x-m4v,.heic';

/** The top navigation's upload button: a file picker into the page's album, else the timeline. */
export function UploadButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { pathname } = useLocation();
  const loggedIn = useLoginStatus() === 'AUTHENTICATED';
  // SPEC §6: read-only users get the button disabled, with the reason as its tooltip.
  const readOnly = useIsReadOnlyUser();
  if (!loggedIn) return null;
  return (
    <>
      <button
        type="button"
        className="ui-button ui-button--primary upload-button"
        aria-label={t('upload.buttonLabel')}
        aria-disabled={readOnly || undefined}
        title={readOnly ? t('upload.readOnlyTooltip') : undefined}
        onClick={() => {
          if (readOnly) showToast({ kind: 'info', message: { key: 'upload.readOnlyTooltip' } });
          else input.current?.click();
        }}
        data-testid="upload-button"
      >
        {t('upload.button')}
      </button>
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
    </>
  );
}
