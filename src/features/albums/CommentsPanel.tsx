import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMENT_MAX,
  CommentSchema,
  CommentsResponseSchema,
  type Comment,
} from '../../api/contract/comments';
import { timeAgo, TIME_AGO_REDRAW_MS } from '../../domain/timeAgo';
import { api } from '../../platform/api';
import { linkRequestOptions } from '../../platform/linkAccess';
import { useAccountInfo } from '../../platform/queries';
import { confirmDialog } from '../../state/dialogs';
import { useLoginStatus } from '../../state/session';
import { showToast } from '../../state/toasts';
import { useBreakpoint } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { startLogin } from '../auth';
import { registerCarouselPanel, type CarouselSlotContext } from '../carousel';
import { albumInfoQuery } from './albumApi';

const path = (jobId: string, fileId: string) =>
  `/jobs/${encodeURIComponent(jobId)}/files_by_id/${encodeURIComponent(fileId)}/comments`;

const commentsQuery = (jobId: string, fileId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'files', fileId, 'comments'],
    queryFn: async ({ signal }) =>
      (
        await api().request({
          method: 'GET',
          path: path(jobId, fileId),
          schema: CommentsResponseSchema,
          signal,
          ...linkRequestOptions(jobId),
        })
      ).data.comments,
  });

async function send(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  jobId: string,
  comment?: string,
): Promise<Comment | null> {
  const options = { ...linkRequestOptions(jobId), auth: true };
  if (method === 'DELETE') {
    await api().request({ method, path: url, responseType: 'none', ...options });
    return null;
  }
  const { data } = await api().request({
    method,
    path: url,
    body: { comment },
    schema: CommentSchema,
    ...options,
  });
  return data;
}

/** SPEC §9: the time-ago label, redrawn every 10 s. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TIME_AGO_REDRAW_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * SPEC §2 comments in the viewer's side module: the file's comments with author and time ago;
 * post (empty refused; Enter without Shift sends on a computer; read-only while sending), edit
 * one's own ("Edited" after; a failure reverts the text), delete one's own or, as the owner,
 * anyone's (confirm). Signed-out visitors are asked to sign in first.
 */
function Comments({ source, file }: CarouselSlotContext) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = commentsQuery(source.jobId, file.id);
  const comments = useQuery(query);
  const signedIn = useLoginStatus() === 'AUTHENTICATED';
  const me = useAccountInfo().data?.uuid;
  const now = useNow();
  const mobile = useBreakpoint() === 'mobile';
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const url = path(source.jobId, file.id);
  // SPEC §6: the album's owner deletes any comment.
  const album = useQuery({ ...albumInfoQuery(source.jobId), enabled: signedIn });
  const canDeleteAny = album.data?.role === 'owner';

  const refresh = () => client.invalidateQueries({ queryKey: query.queryKey });

  async function post() {
    const text = draft.trim();
    if (!text || pending) return;
    setPending(true);
    try {
      await send('POST', url, source.jobId, text);
      setDraft('');
      await refresh();
    } catch {
      showToast({ kind: 'error', message: { key: 'albums.comments.postFailed' } });
    } finally {
      setPending(false);
    }
  }

  async function saveEdit(comment: Comment) {
    if (!editing || !editing.text.trim()) return;
    const text = editing.text.trim();
    setEditing(null);
    // Shown at once; a failure puts the original back.
    client.setQueryData<Comment[]>(query.queryKey, (old) =>
      old?.map((c) => (c.comment_uuid === comment.comment_uuid ? { ...c, text } : c)),
    );
    try {
      await send('PUT', `${url}/${encodeURIComponent(comment.comment_uuid)}`, source.jobId, text);
    } catch {
      showToast({ kind: 'error', message: { key: 'albums.comments.editFailed' } });
    }
    await refresh();
  }

  async function remove(comment: Comment) {
    const confirmed = await confirmDialog({
      title: { key: 'albums.comments.deleteTitle' },
      body: { key: 'albums.comments.deleteBody' },
      confirmLabel: { key: 'albums.comments.delete' },
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await send('DELETE', `${url}/${encodeURIComponent(comment.comment_uuid)}`, source.jobId);
    } catch {
      showToast({ kind: 'error', message: { key: 'albums.comments.deleteFailed' } });
    }
    await refresh();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !mobile) {
      event.preventDefault();
      void post();
    }
  }

  const ago = (seconds: number) => {
    const label = timeAgo(seconds * 1000, now);
    return label.unit === 'justNow'
      ? t('timeAgo.justNow')
      : t(`timeAgo.${label.unit}`, { count: label.count });
  };

  return (
    <div className="comments" data-testid="comments">
      <h3>{t('albums.comments.title')}</h3>
      {comments.isError ? (
        <p role="alert" className="form-error">
          {t('albums.comments.loadError')}
        </p>
      ) : null}
      <ul className="comments__list" aria-live="polite">
        {(comments.data ?? []).map((comment) => {
          const own = me !== undefined && comment.userUUID === me;
          return (
            <li key={comment.comment_uuid} className="comments__item" data-testid="comment">
              <div className="comments__meta">
                <span className="comments__author">
                  {comment.name ?? t('albums.comments.someone')}
                </span>
                <span className="comments__time">{ago(comment.timestamp)}</span>
                {comment.lastEditTimestamp !== null ? (
                  <span className="comments__edited" data-testid="comment-edited">
                    {t('albums.comments.edited')}
                  </span>
                ) : null}
              </div>
              {editing?.id === comment.comment_uuid ? (
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    void saveEdit(comment);
                  }}
                >
                  <textarea
                    className="ui-text-field comments__input"
                    aria-label={t('albums.comments.editLabel')}
                    maxLength={COMMENT_MAX}
                    value={editing.text}
                    onChange={(event) =>
                      setEditing({ id: comment.comment_uuid, text: event.target.value })
                    }
                    data-testid="comment-edit-input"
                  />
                  <Button variant="ghost" onClick={() => setEditing(null)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    type="submit"
                    disabled={!editing.text.trim()}
                    data-testid="comment-edit-save"
                  >
                    {t('albums.comments.save')}
                  </Button>
                </form>
              ) : (
                <p className="comments__text">{comment.text}</p>
              )}
              {own && editing?.id !== comment.comment_uuid ? (
                <Button
                  variant="ghost"
                  onClick={() => setEditing({ id: comment.comment_uuid, text: comment.text })}
                  data-testid="comment-edit"
                >
                  {t('albums.comments.edit')}
                </Button>
              ) : null}
              {own || canDeleteAny ? (
                <Button
                  variant="ghost"
                  onClick={() => void remove(comment)}
                  data-testid="comment-delete"
                >
                  {t('albums.comments.delete')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {signedIn ? (
        <form
          className="comments__form"
          onSubmit={(event) => {
            event.preventDefault();
            void post();
          }}
        >
          <label htmlFor={inputId}>{t('albums.comments.label')}</label>
          <textarea
            id={inputId}
            className="ui-text-field comments__input"
            maxLength={COMMENT_MAX}
            value={draft}
            readOnly={pending}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            data-testid="comment-input"
          />
          <Button type="submit" disabled={pending || !draft.trim()} data-testid="comment-post">
            {t('albums.comments.post')}
          </Button>
        </form>
      ) : (
        <Button onClick={() => void startLogin()} data-testid="comment-sign-in">
          {t('albums.comments.signIn')}
        </Button>
      )}
    </div>
  );
}

const SLOT = {
  id: 'comments',
  order: 1,
  render: (context: CarouselSlotContext) => <Comments {...context} />,
};

/** Puts the comments in the viewer's side module (album pages only); returns the undo. */
export function registerCommentsPanel(): () => void {
  return registerCarouselPanel(SLOT);
}
