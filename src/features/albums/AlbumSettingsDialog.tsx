import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailure } from '../../api/errors';
import type { AlbumInfo } from '../../api/contract/albums';
import { queryClient } from '../../platform/queryClient';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { albumCommands } from './albumCommands';
import { albumTitleProblem } from './albumTitle';
import { NEW_ALBUM_PLACEHOLDER } from './albumList';
import { TextField } from './NewAlbumDialog';
import { setAlbumPassword } from './visitorApi';
import './albumForm.css';

/** The tabs of /albums/{jobId}/edit/{tab} this dialog shows ('cover' is CoverPickerDialog's). */
export const EDIT_TABS = ['name', 'privacy', 'permissions'] as const;
export type EditTab = (typeof EDIT_TABS)[number];

/**
 * The owner's album settings (SPEC §6): the title (255 max; a shared album needs one), shared or
 * private, and the permissions (comments bit 1, uploads bit 2). Save sends only what changed and
 * is disabled until the title is valid.
 */
export function AlbumSettingsDialog({
  album,
  tab,
  onClose,
}: {
  album: AlbumInfo;
  tab: EditTab;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const initialTitle = album.title && album.title !== NEW_ALBUM_PLACEHOLDER ? album.title : '';
  const [title, setTitle] = useState(initialTitle);
  const [shared, setShared] = useState(album.privacy_mode !== 'private');
  const [comments, setComments] = useState((album.permissions & 1) !== 0);
  const [uploads, setUploads] = useState((album.permissions & 2) !== 0);
  // SPEC §5/§6 album password: visitors of the shared album then need it; '' changes nothing.
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const passwordId = useId();
  const [busy, setBusy] = useState(false);
  const problem = albumTitleProblem(title, shared);
  const wasShared = album.privacy_mode !== 'private';

  async function save() {
    if (busy || problem) return;
    setBusy(true);
    let ok = true;
    // A title first: making an unnamed album shared needs the name on the server already.
    if (title !== initialTitle) ok = await albumCommands.rename(album.id, title.trim());
    if (ok && shared !== wasShared)
      ok = await albumCommands.setPrivacy(album.id, shared ? 'shared' : 'private');
    if (
      ok &&
      (comments !== ((album.permissions & 1) !== 0) || uploads !== ((album.permissions & 2) !== 0))
    )
      ok = await albumCommands.setPermissions(album.id, comments, uploads);
    if (ok && (password !== '' || (removePassword && album.has_password))) {
      try {
        await setAlbumPassword(album.id, password !== '' ? password : null);
        await queryClient.invalidateQueries({ queryKey: ['jobs', album.id, 'info'] });
      } catch (error) {
        showToast({
          kind: 'error',
          message: actionFailure(error, { key: 'albums.edit.passwordFailed' }),
        });
        ok = false;
      }
    }
    setBusy(false);
    if (ok) onClose();
  }

  return (
    <Dialog
      open
      title={t('albums.edit.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            disabled={busy || problem !== null}
            onClick={() => void save()}
            data-testid="album-settings-save"
          >
            {t('albums.edit.save')}
          </Button>
        </>
      }
    >
      <form
        data-testid="album-settings"
        data-tab={tab}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          label={t('albums.create.nameLabel')}
          value={title}
          onChange={setTitle}
          problem={problem}
          required={shared}
          testId="album-title-input"
        />
        <fieldset className="albums-form__group">
          <legend>{t('albums.edit.privacy')}</legend>
          <label className="albums-form__check">
            <input
              type="radio"
              name="privacy"
              checked={shared}
              onChange={() => setShared(true)}
              data-testid="album-privacy-shared"
            />
            {t('albums.shared')}
          </label>
          <label className="albums-form__check">
            <input
              type="radio"
              name="privacy"
              checked={!shared}
              onChange={() => setShared(false)}
              data-testid="album-privacy-private"
            />
            {t('albums.private')}
          </label>
        </fieldset>
        {shared ? (
          <fieldset className="albums-form__group" data-testid="album-password">
            <legend>{t('albums.edit.password')}</legend>
            <p>{album.has_password ? t('albums.edit.hasPassword') : t('albums.edit.noPassword')}</p>
            <label htmlFor={passwordId}>
              {album.has_password ? t('albums.edit.newPassword') : t('albums.edit.setPassword')}
            </label>
            <input
              id={passwordId}
              className="ui-text-field"
              type="password"
              autoComplete="new-password"
              maxLength={256}
              value={password}
              disabled={removePassword}
              onChange={(event) => setPassword(event.target.value)}
              data-testid="album-password-input"
            />
            {album.has_password ? (
              <label className="albums-form__check">
                <input
                  type="checkbox"
                  checked={removePassword}
                  onChange={(event) => {
                    setRemovePassword(event.target.checked);
                    if (event.target.checked) setPassword('');
                  }}
                  data-testid="album-password-remove"
                />
                {t('albums.edit.removePassword')}
              </label>
            ) : null}
          </fieldset>
        ) : null}
        <fieldset className="albums-form__group">
          <legend>{t('albums.edit.permissions')}</legend>
          <label className="albums-form__check">
            <input
              type="checkbox"
              checked={comments}
              onChange={(event) => setComments(event.target.checked)}
              data-testid="album-allow-comments"
            />
            {t('albums.edit.allowComments')}
          </label>
          <label className="albums-form__check">
            <input
              type="checkbox"
              checked={uploads}
              onChange={(event) => setUploads(event.target.checked)}
              data-testid="album-allow-uploads"
            />
            {t('albums.edit.allowUploads')}
          </label>
        </fieldset>
      </form>
    </Dialog>
  );
}
