import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  actionReducer,
  canSubmit,
  draftReducer,
  shownCommentText,
  type CommentAction,
  type CommentActionEvent,
  type CommentDraft,
  type DraftEvent,
} from './comments';

const draftAfter = (events: DraftEvent[], from: CommentDraft = EMPTY_DRAFT) =>
  events.reduce(draftReducer, from);
const actionAfter = (events: CommentActionEvent[], from: CommentAction | null = null) =>
  events.reduce(actionReducer, from);

describe('comment submission status (SPEC §4)', () => {
  it('submit gives PENDING; success gives NOT_YET_SUBMITTED with the text cleared', () => {
    const pending = draftAfter([{ type: 'type', text: 'Hello' }, { type: 'submit' }]);
    expect(pending).toEqual({ text: 'Hello', status: 'PENDING' });
    expect(draftReducer(pending, { type: 'success' })).toEqual({
      text: '',
      status: 'NOT_YET_SUBMITTED',
    });
  });

  it('error gives ERROR and keeps the text; abort gives NOT_YET_SUBMITTED', () => {
    const failed = draftAfter([
      { type: 'type', text: 'Hello' },
      { type: 'submit' },
      { type: 'error' },
    ]);
    expect(failed).toEqual({ text: 'Hello', status: 'ERROR' });
    // A new try from ERROR is allowed.
    expect(draftReducer(failed, { type: 'submit' }).status).toBe('PENDING');
    const aborted = draftAfter([
      { type: 'type', text: 'Hi' },
      { type: 'submit' },
      { type: 'abort' },
    ]);
    expect(aborted).toEqual({ text: 'Hi', status: 'NOT_YET_SUBMITTED' });
  });

  it('pending makes the input read-only: typing and submitting again change nothing', () => {
    const pending = draftAfter([{ type: 'type', text: 'Once' }, { type: 'submit' }]);
    expect(draftReducer(pending, { type: 'type', text: 'Twice' })).toBe(pending);
    expect(draftReducer(pending, { type: 'submit' })).toBe(pending);
  });

  it('an empty comment is never submitted (SPEC §5 "cannot be empty")', () => {
    for (const text of ['', '   ', '\n\n']) {
      expect(canSubmit(text)).toBe(false);
      expect(draftAfter([{ type: 'type', text }, { type: 'submit' }]).status).toBe(
        'NOT_YET_SUBMITTED',
      );
    }
  });

  it('late answers of a submission that is no longer pending are ignored', () => {
    const typed = draftAfter([{ type: 'type', text: 'x' }]);
    expect(draftReducer(typed, { type: 'success' })).toBe(typed);
    expect(draftReducer(typed, { type: 'error' })).toBe(typed);
  });
});

describe('comment user action status (SPEC §4)', () => {
  it('edit: PENDING_USER__EDIT keeps the original; saving is PENDING_SERVER__EDIT; success clears', () => {
    const editing = actionAfter([
      { type: 'edit', original: 'old' },
      { type: 'change', text: ' new ' },
    ]);
    expect(editing).toEqual({
      status: 'PENDING_USER__EDIT',
      originalComment: 'old',
      text: ' new ',
    });
    // While the user edits, the comment still shows what the server has.
    expect(shownCommentText('old', editing)).toBe('old');
    const saving = actionReducer(editing, { type: 'save' });
    expect(saving).toEqual({ status: 'PENDING_SERVER__EDIT', originalComment: 'old', text: 'new' });
    // The edit shows at once.
    expect(shownCommentText('old', saving)).toBe('new');
    expect(actionReducer(saving, { type: 'succeeded' })).toBeNull();
  });

  it('a failed edit is SERVER_ERROR__EDIT and the text reverts', () => {
    const failed = actionAfter([
      { type: 'edit', original: 'old' },
      { type: 'change', text: 'new' },
      { type: 'save' },
      { type: 'failed' },
    ]);
    expect(failed?.status).toBe('SERVER_ERROR__EDIT');
    expect(shownCommentText('old', failed)).toBe('old');
    // The user may try again from the error.
    expect(actionReducer(failed, { type: 'edit', original: 'old' })?.status).toBe(
      'PENDING_USER__EDIT',
    );
  });

  it('the edit form needs non-empty text (SPEC §5)', () => {
    const editing = actionAfter([
      { type: 'edit', original: 'old' },
      { type: 'change', text: '  ' },
    ]);
    expect(actionReducer(editing, { type: 'save' })).toBe(editing);
  });

  it('delete: PENDING_USER__DELETE awaits confirmation; cancel clears; confirm is PENDING_SERVER__DELETE', () => {
    const asking = actionAfter([{ type: 'delete', original: 'bye' }]);
    expect(asking?.status).toBe('PENDING_USER__DELETE');
    expect(actionReducer(asking, { type: 'cancel' })).toBeNull();
    const deleting = actionReducer(asking, { type: 'confirm' });
    expect(deleting?.status).toBe('PENDING_SERVER__DELETE');
    expect(actionReducer(deleting, { type: 'succeeded' })).toBeNull();
    expect(actionReducer(deleting, { type: 'failed' })?.status).toBe('SERVER_ERROR__DELETE');
  });

  it('a failure for want of the network, or a refusal, is kept as such, so the error says so (issues 19, 33)', () => {
    const deleting = actionAfter([{ type: 'delete', original: 'x' }, { type: 'confirm' }]);
    expect(actionReducer(deleting, { type: 'failed', failure: 'offline' })?.failure).toBe(
      'offline',
    );
    expect(actionReducer(deleting, { type: 'failed' })?.failure).toBeUndefined();
    const saving = actionAfter([
      { type: 'edit', original: 'x' },
      { type: 'change', text: 'y' },
      { type: 'save' },
    ]);
    const refused = actionReducer(saving, { type: 'failed', failure: 'closed' });
    expect(refused).toMatchObject({ status: 'SERVER_ERROR__EDIT', text: 'x', failure: 'closed' });
  });

  it('nothing else starts or cancels while the server answers', () => {
    const deleting = actionAfter([{ type: 'delete', original: 'x' }, { type: 'confirm' }]);
    for (const event of [
      { type: 'edit', original: 'x' },
      { type: 'delete', original: 'x' },
      { type: 'cancel' },
      { type: 'change', text: 'y' },
    ] as CommentActionEvent[]) {
      expect(actionReducer(deleting, event)).toBe(deleting);
    }
    // Confirming without being asked does nothing.
    expect(actionReducer(null, { type: 'confirm' })).toBeNull();
    expect(actionReducer(null, { type: 'save' })).toBeNull();
  });
});
