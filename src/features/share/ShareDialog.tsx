import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_MAX_FILES } from '../../api/contract/shares';
import { actionFailure, isRateLimited } from '../../api/errors';
import { withAreaTexts } from '../../i18n';
import { SHARE_ERROR_MS, SHARE_LINK_EXPIRY_DAYS, TEXT_MAX } from '../../domain/constants';
import type { Message } from '../../state/message';
import { useLoginStatus } from '../../state/session';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { publishRequest } from './emailShare';
import { EmailShareForm } from './EmailShareForm';
import { createShare, publish, shareUrl, stopShare } from './shareApi';
import './share.css';

/** The albums feature (its shared-album list) loads when that view opens. */
const ShareToAlbumList = lazy(() =>
  withAreaTexts(import('../albums'), ['albums']).then((albums) => ({
    default: albums.ShareToAlbumList,
  })),
);

/** SPEC §4 share dialog views. */
export type ShareView = 'options' | 'email' | 'albumOptions' | 'externalOptions';

export interface ShareDialogProps {
  /** The job the files are in (the timeline, or an album); the album itself with `wholeAlbum`. */
  jobId: string;
  /** The files to share (none with `wholeAlbum`). */
  fileIds?: readonly string[];
  /** Shared from an album: the receiver shows its title (SPEC §3 Share isAlbum). */
  album?: boolean;
  /**
   * Share the album itself: its visitor link (`/a/{id}`, SPEC §2 "album view for a user not
   * logged in"), which works once the album is shared (SPEC §3 privacy modes) and asks for the
   * album's password when it has one; its owner may make it shared from here and email it.
   */
  wholeAlbum?: {
    shared: boolean;
    owner: boolean;
    hasPassword: boolean;
    makeShared: () => Promise<void>;
  };
  onClose: () => void;
  /** The files were shared one way or another (the selection may be cleared). */
  onShared?: () => void;
}

/** What the dialog hands out: a link, the job an email share is sent for, and its protection. */
interface SharedLink {
  url: string;
  publishJob: string;
  protectedByPassword: boolean;
}

/**
 * An album's link for anyone: the visitor page, which sends its owner and members on to
 * `/albums/{id}` (the members' page asks a visitor to sign in, so it is never handed out).
 */
const albumLink = (jobId: string, hasPassword: boolean): SharedLink => ({
  url: new URL(`/a/${encodeURIComponent(jobId)}`, location.origin).toString(),
  publishJob: jobId,
  protectedByPassword: hasPassword,
});

const PASSWORD_MAX = TEXT_MAX;
const SHARE_FAILED: Message = { key: 'share.failed' };
/** The server's daily budget of email recipients is used up (429, issue 33). */
const EMAIL_LIMIT: Message = { key: 'share.email.limit' };

/**
 * The share dialog (SPEC §4): a link (30 days, optional password) to copy or hand to another
 * app, an email share, or the files added to a shared album. A failure shows "Failed to share
 * files - please try again" for 3 s and returns to the options (SPEC §8).
 */
export function ShareDialog({
  jobId,
  fileIds = [],
  album = false,
  wholeAlbum,
  onClose,
  onShared,
}: ShareDialogProps) {
  const { t } = useTranslation();
  const status = useLoginStatus();
  const signedIn = status === 'AUTHENTICATED';
  const [view, setView] = useState<ShareView>('options');
  const [share, setShare] = useState<SharedLink | null>(() =>
    wholeAlbum?.shared ? albumLink(jobId, wholeAlbum.hasPassword) : null,
  );
  const [busy, setBusy] = useState(false);
  /** What the failure says: the share's own text, or that it needs the network (issue 19). */
  const [failed, setFailed] = useState<Message | null>(null);
  const [protect, setProtect] = useState(false);
  /** The server sealed the link (a password album's files, not the user's album): one is needed. */
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const passwordId = useId();

  useEffect(() => {
    if (!failed) return undefined;
    const timer = setTimeout(() => {
      setFailed(null);
      setView('options');
    }, SHARE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failed]);

  const passwordProblem = protect && (password.length === 0 || password.length > PASSWORD_MAX);

  /** The link, made once per dialog (the email share sends the same one). */
  async function ensureShare(): Promise<SharedLink | null> {
    if (share) return share;
    setBusy(true);
    try {
      let made: SharedLink;
      if (wholeAlbum) {
        await wholeAlbum.makeShared();
        made = albumLink(jobId, wholeAlbum.hasPassword);
      } else {
        const created = await createShare({
          jobId,
          fileIds,
          album,
          password: protect ? password : null,
        });
        if (created.hasPassword && !protect) {
          // Issue 33: files of an album protected by its owner's password get no open link
          // (the server made this one sealed); it goes, and the user chooses a password.
          await stopShare(created.id).catch(() => undefined);
          setNeedsPassword(true);
          setProtect(true);
          setView('options');
          return null;
        }
        made = {
          url: shareUrl(created),
          publishJob: created.id,
          protectedByPassword: created.hasPassword,
        };
      }
      setShare(made);
      onShared?.();
      return made;
    } catch (error) {
      setFailed(actionFailure(error, SHARE_FAILED));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function copyLink(made: SharedLink) {
    try {
      await navigator.clipboard.writeText(made.url);
      showToast({ message: { key: 'share.linkCopied' } });
    } catch {
      showToast({ kind: 'error', message: { key: 'share.copyFailed' } });
    }
  }

  async function shareElsewhere(made: SharedLink) {
    try {
      await navigator.share({ title: t('share.nativeTitle'), url: made.url });
    } catch (failure) {
      // The user closing the system sheet is no failure.
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) {
        setFailed(SHARE_FAILED);
      }
    }
  }

  const canShareNatively = typeof navigator.share === 'function';
  // A link holds at most SHARE_MAX_FILES (its page lists them all): say so before trying.
  const tooMany = fileIds.length > SHARE_MAX_FILES;
  const title = wholeAlbum ? t('share.albumTitle') : t('share.title', { count: fileIds.length });
  // SPEC §7 publish is the owner's; a member of a shared album may still hand its link on.
  const canEmail = !wholeAlbum || wholeAlbum.owner;

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div className="share-dialog" data-testid="share-dialog" data-view={view}>
        {tooMany ? (
          <p role="alert" className="share-dialog__error" data-testid="share-too-many">
            {t('share.tooMany', { max: SHARE_MAX_FILES })}
          </p>
        ) : failed ? (
          <p role="alert" className="share-dialog__error" data-testid="share-error">
            {t(failed.key, failed.values)}
          </p>
        ) : view === 'options' ? (
          <>
            {share ? (
              <div className="share-dialog__link">
                <label htmlFor={`${passwordId}-link`}>{t('share.link.label')}</label>
                <div className="share-dialog__row">
                  <input
                    id={`${passwordId}-link`}
                    className="ui-text-field"
                    readOnly
                    value={share.url}
                    onFocus={(event) => event.currentTarget.select()}
                    data-testid="share-link"
                  />
                  <Button
                    variant="primary"
                    onClick={() => void copyLink(share)}
                    data-testid="share-copy-link"
                  >
                    {t('share.link.copy')}
                  </Button>
                </div>
                <p className="share-dialog__note">
                  {wholeAlbum
                    ? share.protectedByPassword
                      ? t('share.album.linkNoteProtected')
                      : t('share.album.linkNote')
                    : share.protectedByPassword
                      ? t('share.link.expiresProtected', { days: SHARE_LINK_EXPIRY_DAYS })
                      : t('share.link.expires', { days: SHARE_LINK_EXPIRY_DAYS })}
                </p>
              </div>
            ) : wholeAlbum ? (
              // SPEC §3: a private album has no link anyone else can open; its owner can share it.
              <div className="share-dialog__link" data-testid="share-album-private">
                <p>{t(wholeAlbum.owner ? 'share.album.private' : 'share.album.privateMember')}</p>
                {wholeAlbum.owner ? (
                  <Button
                    variant="primary"
                    disabled={busy}
                    onClick={() => void ensureShare()}
                    data-testid="share-album-make-shared"
                  >
                    {t('share.album.makeShared')}
                  </Button>
                ) : null}
              </div>
            ) : (
              <div className="share-dialog__link">
                {needsPassword ? (
                  <p
                    role="status"
                    className="share-dialog__note"
                    data-testid="share-needs-password"
                  >
                    {t('share.link.albumPassword')}
                  </p>
                ) : null}
                <label className="share-dialog__check">
                  <input
                    type="checkbox"
                    checked={protect}
                    disabled={needsPassword}
                    onChange={(event) => setProtect(event.target.checked)}
                    data-testid="share-protect"
                  />
                  {t('share.link.protect')}
                </label>
                {protect ? (
                  <div className="share-dialog__field">
                    <label htmlFor={passwordId}>{t('share.link.password')}</label>
                    <input
                      id={passwordId}
                      className="ui-text-field"
                      type="password"
                      autoComplete="new-password"
                      value={password}
                      maxLength={PASSWORD_MAX + 1}
                      aria-invalid={passwordProblem}
                      onChange={(event) => setPassword(event.target.value)}
                      data-testid="share-password"
                    />
                  </div>
                ) : null}
                <Button
                  variant="primary"
                  disabled={busy || passwordProblem}
                  onClick={() => void ensureShare()}
                  data-testid="share-create-link"
                >
                  {busy ? t('share.link.creating') : t('share.link.create')}
                </Button>
                <p className="share-dialog__note">
                  {t('share.link.expires', { days: SHARE_LINK_EXPIRY_DAYS })}
                </p>
              </div>
            )}
            <div className="share-dialog__choices">
              {canEmail ? (
                <Button
                  onClick={() => setView('email')}
                  disabled={busy || passwordProblem}
                  data-testid="share-email"
                >
                  {t('share.email.action')}
                </Button>
              ) : null}
              {wholeAlbum ? null : (
                <Button
                  onClick={() => setView('albumOptions')}
                  disabled={busy}
                  data-testid="share-to-album"
                >
                  {t('share.album.action')}
                </Button>
              )}
              {canShareNatively && (!wholeAlbum || share) ? (
                <Button
                  onClick={() => setView('externalOptions')}
                  disabled={busy || passwordProblem}
                  data-testid="share-external"
                >
                  {t('share.external.action')}
                </Button>
              ) : null}
            </div>
          </>
        ) : !signedIn && (view === 'email' || view === 'albumOptions') ? (
          <>
            <p role="alert" data-testid="share-login-required">
              {t('share.loginRequired')}
            </p>
            <Button onClick={() => setView('options')}>{t('share.back')}</Button>
          </>
        ) : view === 'email' ? (
          <EmailShareForm
            busy={busy}
            onBack={() => setView('options')}
            onSend={async (form) => {
              const made = await ensureShare();
              if (!made) return;
              setBusy(true);
              try {
                await publish(made.publishJob, publishRequest(form));
                showToast({ message: { key: 'share.email.sent' } });
                onClose();
              } catch (error) {
                setFailed(isRateLimited(error) ? EMAIL_LIMIT : actionFailure(error, SHARE_FAILED));
              } finally {
                setBusy(false);
              }
            }}
          />
        ) : view === 'albumOptions' ? (
          <Suspense fallback={null}>
            <ShareToAlbumList
              sourceJob={jobId}
              fileIds={fileIds}
              onBack={() => setView('options')}
              onDone={() => {
                onShared?.();
                onClose();
              }}
            />
          </Suspense>
        ) : (
          <div data-testid="share-external-options">
            <p>{t('share.external.body')}</p>
            <div className="share-dialog__row">
              <Button onClick={() => setView('options')}>{t('share.back')}</Button>
              <Button
                variant="primary"
                disabled={busy}
                onClick={() =>
                  void ensureShare().then((made) => (made ? shareElsewhere(made) : undefined))
                }
                data-testid="share-native"
              >
                {t('share.external.send')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </Dialog>
  );
}
