import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeAgo, TIME_AGO_REDRAW_MS } from '../../../domain/timeAgo';
import { formatTimeAgo } from '../../../i18n/formatTimeAgo';
import { heldLinkPassword } from '../../../platform/linkAccess';
import { useAccountInfo } from '../../../platform/queries';
import { useLoginStatus } from '../../../state/session';
import { visitorAlbumQuery } from '../visitorApi';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { commentsQuery, visitorFor } from './commentsApi';
import { useCommentActions } from './useCommentActions';
import './Comments.css';

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
 * A file's comments (SPEC §2 side module, or the phones' full-screen panel): the list, oldest
 * first, and the form. Others' comments, edits and deletions arrive through the album's change
 * stream (the page's JobSync reads the list again). Who may do what is SPEC §6: one edits one's
 * own, deletes one's own or, as the owner, anyone's; with `allow_comments` off only the owner
 * writes.
 */
export function Comments({
  jobId,
  fileId,
  truncate,
  mobile,
  heading: Heading = 'h3',
}: {
  jobId: string;
  fileId: string;
  /** The list's heading level under the page's (h3 in the viewer's side module). */
  heading?: 'h2' | 'h3';
  /** Phones: long comments are cut to 4 lines with "Show more". */
  truncate: boolean;
  mobile: boolean;
}) {
  const { t, i18n } = useTranslation();
  const comments = useQuery(commentsQuery(jobId, fileId));
  const signedIn = useLoginStatus() === 'AUTHENTICATED';
  const me = useAccountInfo().data?.uuid;
  // The album read the way its page reads it (its link and password for a visitor).
  const album = useQuery(visitorAlbumQuery(jobId, heldLinkPassword(jobId))).data;
  const now = useNow();
  const { actions, dispatch, save, remove } = useCommentActions(jobId, fileId);
  const owner = album?.role === 'owner';
  const canWrite = album !== undefined && (owner || (album.permissions & 1) !== 0);
  const guest = signedIn ? null : visitorFor(jobId);

  const ago = (seconds: number) =>
    formatTimeAgo(timeAgo(seconds * 1000, now), i18n.language, t('timeAgo.justNow'));

  return (
    <section className="comments" aria-label={t('albums.comments.title')} data-testid="comments">
      <Heading>{t('albums.comments.title')}</Heading>
      {comments.isError ? (
        <p role="alert" className="comments__error">
          {t('albums.comments.loadError')}
        </p>
      ) : null}
      <ul className="comments__list" aria-live="polite" data-testid="comments-list">
        {(comments.data ?? []).map((comment) => {
          const own = comment.visitor
            ? guest !== null && comment.userUUID === guest.visitor_uuid
            : signedIn && me !== undefined && comment.userUUID === me;
          return (
            <CommentItem
              key={comment.comment_uuid}
              comment={comment}
              action={actions[comment.comment_uuid] ?? null}
              own={own}
              canDelete={own || owner}
              ago={ago(comment.timestamp)}
              truncate={truncate}
              dispatch={(event) => dispatch(comment.comment_uuid, event)}
              save={() => void save(comment)}
              remove={() => void remove(comment)}
            />
          );
        })}
      </ul>
      {comments.isSuccess && comments.data.length === 0 ? (
        <p className="comments__empty">{t('albums.comments.none')}</p>
      ) : null}
      {canWrite ? (
        <CommentForm jobId={jobId} fileId={fileId} signedIn={signedIn} mobile={mobile} />
      ) : null}
      {album && !canWrite ? (
        <p className="comments__empty" data-testid="comments-closed">
          {t('albums.comments.closed')}
        </p>
      ) : null}
    </section>
  );
}
