import { useTranslation } from 'react-i18next';
import { COMMENT_MAX, type Comment } from '../../../api/contract/comments';
import {
  canSubmit,
  shownCommentText,
  type CommentAction,
  type CommentActionEvent,
} from '../../../domain/comments';
import { Button } from '../../../ui/Button';
import { Avatar } from '../AlbumsPage';
import { CommentText } from './CommentText';
import { commentFailureKey } from './commentsApi';
import './Comments.css';

export interface CommentItemProps {
  comment: Comment;
  action: CommentAction | null;
  /** The reader wrote it (edits it, deletes it). */
  own: boolean;
  /** The reader may delete it: its author, or the album's owner (SPEC §6). */
  canDelete: boolean;
  /** "5 minutes ago", redrawn by the list. */
  ago: string;
  /** Phones: 4 lines, then "Show more" (SPEC §9). */
  truncate: boolean;
  dispatch: (event: CommentActionEvent) => void;
  save: () => void;
  remove: () => void;
}

/**
 * One comment (SPEC §3 Comment): author and picture (a visitor's typed name marked as a guest),
 * time ago, "Edited", the text — or, while its author edits it, the edit form — and the states
 * of SPEC §4 "Comment user action status": an edit shows at once and reverts with
 * edit_comment_error; a delete is confirmed, then greyed until the server answers, or comes back
 * with delete_comment_error. Names are text nodes isolated for direction (`<bdi>`), so a name
 * cannot reorder the text around it.
 */
export function CommentItem(props: CommentItemProps) {
  const { comment, action, own, canDelete, ago, truncate, dispatch } = props;
  const { t } = useTranslation();
  const status = action?.status ?? null;
  const editing = status === 'PENDING_USER__EDIT';
  const busy = status === 'PENDING_SERVER__EDIT' || status === 'PENDING_SERVER__DELETE';
  const name = comment.name?.trim() ? comment.name : t('albums.comments.someone');

  return (
    <li
      className={busy ? 'comments__item is-busy' : 'comments__item'}
      data-testid="comment"
      data-comment-id={comment.comment_uuid}
      data-status={status ?? 'NONE'}
      aria-busy={busy}
    >
      <div className="comments__meta">
        <Avatar name={name} url={comment.profile_url} />
        <bdi className="comments__author" data-testid="comment-author">
          {name}
        </bdi>
        {comment.visitor ? (
          <span className="comments__guest" data-testid="comment-guest">
            {t('albums.comments.guest')}
          </span>
        ) : null}
        <span className="comments__time" data-testid="comment-time">
          {ago}
        </span>
        {comment.lastEditTimestamp !== null ? (
          <span className="comments__edited" data-testid="comment-edited">
            {t('albums.comments.edited')}
          </span>
        ) : null}
      </div>
      {editing && action ? (
        <form
          className="comments__edit"
          onSubmit={(event) => {
            event.preventDefault();
            props.save();
          }}
        >
          <textarea
            className="ui-text-field comments__input"
            aria-label={t('albums.comments.editLabel')}
            maxLength={COMMENT_MAX}
            value={action.text}
            // The form opens on the user's own click: the field is where they type next.
            autoFocus
            onChange={(event) => dispatch({ type: 'change', text: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                dispatch({ type: 'cancel' });
              }
            }}
            data-testid="comment-edit-input"
          />
          <div className="comments__buttons">
            <Button variant="ghost" onClick={() => dispatch({ type: 'cancel' })}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={!canSubmit(action.text)}
              data-testid="comment-edit-save"
            >
              {t('albums.comments.save')}
            </Button>
          </div>
        </form>
      ) : (
        <CommentText text={shownCommentText(comment.text, action)} truncate={truncate} />
      )}
      {status === 'SERVER_ERROR__EDIT' ? (
        <p role="alert" className="comments__error" data-testid="comment-error">
          {t(commentFailureKey(action?.failure, 'albums.comments.editFailed'))}
        </p>
      ) : null}
      {status === 'SERVER_ERROR__DELETE' ? (
        <p role="alert" className="comments__error" data-testid="comment-error">
          {t(commentFailureKey(action?.failure, 'albums.comments.deleteFailed'))}
        </p>
      ) : null}
      {!editing && (own || canDelete) ? (
        <div className="comments__buttons">
          {own ? (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => dispatch({ type: 'edit', original: comment.text })}
              data-testid="comment-edit"
            >
              {t('albums.comments.edit')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={props.remove}
              data-testid="comment-delete"
            >
              {t('albums.comments.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
