import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NameResponseSchema } from '../../api/contract/user';
import { actionFailure, isApiError } from '../../api/errors';
import { trackEngaged } from '../../platform/analytics';
import { api } from '../../platform/api';
import { accountInfoQuery, useAccountInfo } from '../../platform/queries';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FieldLabel } from '../../ui/FieldLabel';
import { albumCalls, createAlbum } from './albumApi';
import { ALBUM_TITLE_MAX, albumTitleProblem, userNameProblem } from './albumTitle';
import { addedToAlbumToast } from './addToAlbum';
import './albumForm.css';

/** Files to put in the new album at once (the add-to-album picker's "new album"). */
export interface NewAlbumFiles {
  sourceJob: string;
  ids: readonly string[];
}

/**
 * Create an album (SPEC §2 step 1 naming): a title (255 max; required when shared), shared or
 * private, then — for a shared album by a user without a name — the user-name step. Then step 2:
 * the photo picker, or the given files are copied in and the album opens.
 */
export function NewAlbumDialog({
  onClose,
  onCancel = onClose,
  files,
}: {
  onClose: () => void;
  /** Cancel, Escape or the backdrop (default: onClose, which also runs once it is created). */
  onCancel?: () => void;
  files?: NewAlbumFiles;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccountInfo().data;
  const [title, setTitle] = useState('');
  const [shared, setShared] = useState(true);
  const [step, setStep] = useState<'name' | 'userName'>('name');
  const [userName, setUserName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = albumTitleProblem(title, shared);
  const nameProblem = userNameProblem(userName);
  const needsUserName = shared && !account?.name?.trim();

  async function create() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (needsUserName) {
        await api().request({
          call: callTo(CALLS.setName),
          body: { name: userName.trim() },
          schema: NameResponseSchema,
        });
        void queryClient.invalidateQueries({ queryKey: accountInfoQuery.queryKey });
      }
      const album = await createAlbum({ name: title.trim() || null, public: shared });
      trackEngaged('albums_new_finish');
      const path = `/albums/${encodeURIComponent(album.id)}`;
      if (files && files.ids.length > 0) {
        await albumCalls.copyFiles(album.id, files.sourceJob, files.ids);
        addedToAlbumToast(files.ids.length, () => void navigate(path));
        onClose();
        void navigate(path);
      } else {
        onClose();
        void navigate(`${path}/edit/addPhotos`);
      }
    } catch (failure) {
      setError(isApiError(failure) ? failure.i18nKey : 'albums.create.failed');
      showToast({
        kind: 'error',
        message: actionFailure(failure, { key: 'albums.create.failed' }),
      });
    } finally {
      setBusy(false);
    }
  }

  const nameStep = step === 'name';
  return (
    <Dialog
      open
      title={nameStep ? t('albums.create.title') : t('albums.create.userNameTitle')}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          {nameStep && needsUserName ? (
            <Button
              variant="primary"
              disabled={problem !== null}
              onClick={() => setStep('userName')}
              data-testid="new-album-next"
            >
              {t('albums.create.next')}
            </Button>
          ) : (
            <Button
              variant="primary"
              disabled={busy || (nameStep ? problem !== null : nameProblem !== null)}
              onClick={() => void create()}
              data-testid="new-album-save"
            >
              {nameStep ? t('albums.create.save') : t('albums.create.done')}
            </Button>
          )}
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (nameStep && needsUserName && problem === null) setStep('userName');
          else if ((nameStep ? problem : nameProblem) === null) void create();
        }}
        data-testid="new-album-form"
      >
        {nameStep ? (
          <>
            <TextField
              label={t('albums.create.nameLabel')}
              value={title}
              onChange={setTitle}
              placeholder={t('albums.create.namePlaceholder')}
              // An untouched field says nothing yet; Save stays disabled.
              problem={title === '' ? null : problem}
              required={shared}
              testId="album-title-input"
            />
            <label className="albums-form__check">
              <input
                type="checkbox"
                checked={shared}
                onChange={(event) => setShared(event.target.checked)}
                data-testid="new-album-shared"
              />
              {t('albums.create.shared')}
            </label>
          </>
        ) : (
          <TextField
            label={t('albums.create.userNameLabel')}
            value={userName}
            onChange={setUserName}
            problem={userName === '' ? null : nameProblem}
            required
            requiredText={t('common.fieldRequired')}
            testId="user-name-input"
          />
        )}
        {error ? (
          <p role="alert" className="albums-form__error">
            {t(error as 'albums.create.failed')}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

/**
 * A one-line text of at most 255 characters with its problem said under it; a required one
 * shows the asterisk (SPEC §5). A blank required field says `requiredText`, by default the
 * album title's own "Album name is required for shared albums".
 */
export function TextField({
  label,
  value,
  onChange,
  problem,
  placeholder,
  required = false,
  requiredText,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: 'required' | 'tooLong' | 'invalid' | null;
  placeholder?: string;
  required?: boolean;
  requiredText?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="albums-form__field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        id={id}
        type="text"
        value={value}
        placeholder={placeholder}
        // One past the limit is let in, so "too long" can be said rather than silently cut.
        maxLength={ALBUM_TITLE_MAX + 1}
        autoFocus
        aria-required={required}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {problem ? (
        <p id={`${id}-problem`} className="albums-form__error" data-testid={`${testId}-problem`}>
          {problem === 'required' && requiredText !== undefined
            ? requiredText
            : t(`albums.titleProblem.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}
