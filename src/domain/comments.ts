/**
 * SPEC §4 "Comment submission status" and "Comment user action status": the two small machines
 * behind posting, editing and deleting a comment. Pure: the UI dispatches events and renders the
 * state; the calls are the UI's.
 */

/** SPEC §4: "Comment submission status: NOT_YET_SUBMITTED, PENDING, ERROR." */
export type CommentSubmissionStatus = 'NOT_YET_SUBMITTED' | 'PENDING' | 'ERROR';

export interface CommentDraft {
  text: string;
  status: CommentSubmissionStatus;
}

export type DraftEvent =
  | { type: 'type'; text: string }
  | { type: 'submit' }
  | { type: 'success' }
  | { type: 'error' }
  | { type: 'abort' };

export const EMPTY_DRAFT: CommentDraft = { text: '', status: 'NOT_YET_SUBMITTED' };

/**
 * SPEC §4: "Submit gives PENDING; success gives NOT_YET_SUBMITTED with text cleared; error gives
 * ERROR; abort gives NOT_YET_SUBMITTED. Pending makes the input read-only" — so typing is ignored
 * while PENDING, and an empty comment (SPEC §5) is never submitted.
 */
export function draftReducer(draft: CommentDraft, event: DraftEvent): CommentDraft {
  switch (event.type) {
    case 'type':
      return draft.status === 'PENDING' ? draft : { ...draft, text: event.text };
    case 'submit':
      return draft.status === 'PENDING' || !canSubmit(draft.text)
        ? draft
        : { ...draft, status: 'PENDING' };
    case 'success':
      return draft.status === 'PENDING' ? EMPTY_DRAFT : draft;
    case 'error':
      return draft.status === 'PENDING' ? { ...draft, status: 'ERROR' } : draft;
    case 'abort':
      return { ...draft, status: 'NOT_YET_SUBMITTED' };
  }
}

/** SPEC §5: "Comment: cannot be empty"; the edit form too "needs non-empty text". */
export function canSubmit(text: string): boolean {
  return text.trim().length > 0;
}

/** SPEC §4 "Comment user action status". */
export type CommentUserActionStatus =
  | 'PENDING_USER__EDIT'
  | 'PENDING_SERVER__EDIT'
  | 'SERVER_ERROR__EDIT'
  | 'PENDING_USER__DELETE'
  | 'PENDING_SERVER__DELETE'
  | 'SERVER_ERROR__DELETE';

/**
 * A comment's action in progress: its status, the text as the server had it (`originalComment`,
 * SPEC §3 Comment) and, while editing, the text being written or sent.
 */
export interface CommentAction {
  status: CommentUserActionStatus;
  originalComment: string;
  text: string;
  /** Why the call failed, when the error says more than SPEC §8's text (see CommentFailure). */
  failure?: CommentFailure;
}

/**
 * What a failed comment call may say besides its SPEC §8 text: it never reached the server
 * (issue 19), too many comments at once, or comments were turned off (issue 33).
 */
export type CommentFailure = 'offline' | 'tooMany' | 'closed';

export type CommentActionEvent =
  | { type: 'edit'; original: string }
  | { type: 'change'; text: string }
  | { type: 'save' }
  | { type: 'delete'; original: string }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'failed'; failure?: CommentFailure }
  | { type: 'succeeded' };

/**
 * SPEC §4: PENDING_USER__EDIT (original kept) → PENDING_SERVER__EDIT → cleared, or
 * SERVER_ERROR__EDIT (text reverts); PENDING_USER__DELETE (awaiting confirmation) →
 * PENDING_SERVER__DELETE → cleared, or SERVER_ERROR__DELETE. "Cancel or success clears it." A
 * new edit or delete may start from an error (the error is then forgotten) but not while the
 * server is still answering.
 */
export function actionReducer(
  action: CommentAction | null,
  event: CommentActionEvent,
): CommentAction | null {
  const serverBusy =
    action?.status === 'PENDING_SERVER__EDIT' || action?.status === 'PENDING_SERVER__DELETE';
  switch (event.type) {
    case 'edit':
      return serverBusy
        ? action
        : { status: 'PENDING_USER__EDIT', originalComment: event.original, text: event.original };
    case 'delete':
      return serverBusy
        ? action
        : { status: 'PENDING_USER__DELETE', originalComment: event.original, text: event.original };
    case 'change':
      return action?.status === 'PENDING_USER__EDIT' ? { ...action, text: event.text } : action;
    case 'save':
      return action?.status === 'PENDING_USER__EDIT' && canSubmit(action.text)
        ? { ...action, status: 'PENDING_SERVER__EDIT', text: action.text.trim() }
        : action;
    case 'confirm':
      return action?.status === 'PENDING_USER__DELETE'
        ? { ...action, status: 'PENDING_SERVER__DELETE' }
        : action;
    case 'cancel':
      return serverBusy ? action : null;
    case 'failed':
      if (action?.status === 'PENDING_SERVER__EDIT') {
        const status = 'SERVER_ERROR__EDIT';
        return { ...action, status, text: action.originalComment, failure: event.failure };
      }
      if (action?.status === 'PENDING_SERVER__DELETE') {
        return { ...action, status: 'SERVER_ERROR__DELETE', failure: event.failure };
      }
      return action;
    case 'succeeded':
      return serverBusy ? null : action;
  }
}

/**
 * The text to show for a comment whose server text is `serverText`: the edit being sent (shown at
 * once), the original after a failed edit, else what the server has.
 */
export function shownCommentText(serverText: string, action: CommentAction | null): string {
  if (action?.status === 'PENDING_SERVER__EDIT') return action.text;
  if (action?.status === 'SERVER_ERROR__EDIT') return action.originalComment;
  return serverText;
}
