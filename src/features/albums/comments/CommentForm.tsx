import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMENT_MAX,
  VISITOR_NAME_MAX,
  VisitorNameSchema,
  type Comment,
  type VisitorToken,
} from '../../../api/contract/comments';
import { EMPTY_DRAFT, canSubmit, draftReducer } from '../../../domain/comments';
import { Button } from '../../../ui/Button';
import { FieldLabel } from '../../../ui/FieldLabel';
import { startLogin } from '../../auth';
import {
  commentFailure,
  commentFailureKey,
  commentsQuery,
  forgetVisitor,
  isVisitorTokenRefused,
  keepPendingComment,
  nameVisitor,
  postComment,
  takePendingComment,
  visitorFor,
} from './commentsApi';
import './Comments.css';

type ProblemKey =
  | 'errors.api.offline'
  | 'albums.comments.postFailed'
  | 'albums.comments.tooMany'
  | 'albums.comments.nameAgain'
  | 'albums.comments.closed'
  | 'albums.comments.nameRequired'
  | 'albums.comments.nameInvalid';

function problemOf(error: unknown): ProblemKey {
  if (isVisitorTokenRefused(error)) return 'albums.comments.nameAgain';
  return commentFailureKey(commentFailure(error), 'albums.comments.postFailed');
}

/** The visitor's typed name, or why it cannot be used (SPEC §5: 255 max; one line; required). */
function nameProblem(name: string): ProblemKey | null {
  if (!name.trim()) return 'albums.comments.nameRequired';
  return VisitorNameSchema.safeParse(name).success ? null : 'albums.comments.nameInvalid';
}

/**
 * Writing a comment (SPEC §4 "Comment submission status"): Enter without Shift posts on a
 * computer, the input is read-only while it is sent, an empty one is never sent, a failure keeps
 * the text with comment_error_message. Signed in, one comments as oneself; a visitor without an
 * account types a name first (kept for this album in this tab) or signs in — a comment typed
 * before signing in is kept (`pendingComment`) and posted when the login comes back.
 */
export function CommentForm({
  jobId,
  fileId,
  signedIn,
  mobile,
}: {
  jobId: string;
  fileId: string;
  signedIn: boolean;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const nameId = useId();
  const problemId = useId();
  const [draft, dispatch] = useReducer(draftReducer, EMPTY_DRAFT);
  const [problem, setProblem] = useState<ProblemKey | null>(null);
  const [visitor, setVisitor] = useState<VisitorToken | null>(() => visitorFor(jobId));
  const [name, setName] = useState('');
  const inFlight = useRef<AbortController | null>(null);
  const replayed = useRef(false);
  const pending = draft.status === 'PENDING';
  const asGuest = !signedIn;

  // Leaving the file while a comment is sent aborts it (SPEC §4: abort gives NOT_YET_SUBMITTED).
  useEffect(() => () => inFlight.current?.abort(), []);

  async function submit(text: string) {
    if (pending || !canSubmit(text)) return;
    let guest = visitor;
    if (asGuest && !guest) {
      const refused = nameProblem(name);
      if (refused) return setProblem(refused);
    }
    dispatch({ type: 'submit' });
    setProblem(null);
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      if (asGuest && !guest) {
        guest = await nameVisitor(jobId, name);
        setVisitor(guest);
      }
      const made = await postComment(jobId, fileId, text.trim(), controller.signal);
      client.setQueryData<Comment[]>(commentsQuery(jobId, fileId).queryKey, (old) =>
        old && !old.some((c) => c.comment_uuid === made.comment_uuid) ? [...old, made] : old,
      );
      dispatch({ type: 'success' });
      void client.invalidateQueries({ queryKey: commentsQuery(jobId, fileId).queryKey });
    } catch (error) {
      if (controller.signal.aborted) return dispatch({ type: 'abort' });
      if (isVisitorTokenRefused(error)) {
        // The album's password changed, it closed, or 30 days passed: a name again.
        forgetVisitor(jobId);
        setVisitor(null);
      }
      setProblem(problemOf(error));
      dispatch({ type: 'error' });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }

  // A comment typed before the login: posted once, on its file, when the login is back.
  useEffect(() => {
    if (!signedIn || replayed.current) return;
    replayed.current = true;
    const text = takePendingComment(jobId, fileId);
    if (text === null) return;
    dispatch({ type: 'type', text });
    void submit(text);
    // submit reads the latest state; this runs once per sign-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, jobId, fileId]);

  function signIn() {
    if (canSubmit(draft.text)) keepPendingComment({ jobId, fileId, text: draft.text });
    void startLogin();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !mobile) {
      event.preventDefault();
      void submit(draft.text);
    }
  }

  return (
    <form
      className="comments__form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(draft.text);
      }}
      data-testid="comment-form"
      data-status={draft.status}
    >
      {asGuest && visitor ? (
        <p className="comments__as" data-testid="comment-as-guest">
          {t('albums.comments.commentingAs')} <bdi>{visitor.name}</bdi>
        </p>
      ) : null}
      {asGuest && !visitor ? (
        <>
          <FieldLabel htmlFor={nameId} required>
            {t('albums.comments.nameLabel')}
          </FieldLabel>
          <input
            id={nameId}
            // A guest comments under a name (nameProblem); not `required`: the browser's bubble
            // would speak before ours, untranslated.
            aria-required="true"
            className="ui-text-field comments__name"
            autoComplete="name"
            maxLength={VISITOR_NAME_MAX}
            value={name}
            readOnly={pending}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => setName(event.target.value)}
            data-testid="comment-name"
          />
        </>
      ) : null}
      <label htmlFor={inputId}>{t('albums.comments.label')}</label>
      <textarea
        id={inputId}
        className="ui-text-field comments__input"
        maxLength={COMMENT_MAX}
        value={draft.text}
        readOnly={pending}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => dispatch({ type: 'type', text: event.target.value })}
        onKeyDown={onKeyDown}
        data-testid="comment-input"
      />
      {problem ? (
        <p id={problemId} role="alert" className="comments__error" data-testid="comment-problem">
          {t(problem)}
        </p>
      ) : null}
      <div className="comments__buttons">
        <Button
          type="submit"
          variant="primary"
          disabled={pending || !canSubmit(draft.text)}
          data-testid="comment-post"
        >
          {asGuest && !visitor ? t('albums.comments.postAsGuest') : t('albums.comments.post')}
        </Button>
        {asGuest ? (
          <Button variant="ghost" onClick={signIn} disabled={pending} data-testid="comment-sign-in">
            {t('albums.comments.signIn')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
