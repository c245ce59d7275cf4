import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useReducer, useRef } from 'react';
import type { Comment } from '../../../api/contract/comments';
import {
  actionReducer,
  type CommentAction,
  type CommentActionEvent,
} from '../../../domain/comments';
import { confirmDialog } from '../../../state/dialogs';
import { commentFailure, commentsQuery, deleteComment, editComment } from './commentsApi';

type Actions = Readonly<Record<string, CommentAction>>;
type Keyed = { id: string; event: CommentActionEvent };

function reduce(actions: Actions, { id, event }: Keyed): Actions {
  const next = actionReducer(actions[id] ?? null, event);
  if (next === (actions[id] ?? null)) return actions;
  const { [id]: _old, ...rest } = actions;
  return next ? { ...rest, [id]: next } : rest;
}

/**
 * The edit and delete states of a file's comments (SPEC §4 "Comment user action status", the
 * pure machine in domain/comments.ts) and the calls behind them. An edit is shown at once and
 * the list's copy takes the server's answer ("Edited"); a delete leaves the list once the server
 * agrees.
 */
export function useCommentActions(jobId: string, fileId: string) {
  const client = useQueryClient();
  const [actions, send] = useReducer(reduce, {});
  // The async calls read the state as it is when they run, not as it was when they started.
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });

  const dispatch = useCallback((id: string, event: CommentActionEvent) => {
    latest.current = reduce(latest.current, { id, event });
    send({ id, event });
  }, []);

  const save = useCallback(
    async (comment: Comment) => {
      const id = comment.comment_uuid;
      dispatch(id, { type: 'save' });
      const action = latest.current[id];
      if (action?.status !== 'PENDING_SERVER__EDIT') return;
      try {
        const saved = await editComment(jobId, fileId, id, action.text);
        client.setQueryData<Comment[]>(commentsQuery(jobId, fileId).queryKey, (old) =>
          old?.map((c) => (c.comment_uuid === id ? saved : c)),
        );
        dispatch(id, { type: 'succeeded' });
      } catch (error) {
        dispatch(id, { type: 'failed', failure: commentFailure(error) });
      }
    },
    [client, dispatch, jobId, fileId],
  );

  const remove = useCallback(
    async (comment: Comment) => {
      const id = comment.comment_uuid;
      dispatch(id, { type: 'delete', original: comment.text });
      if (latest.current[id]?.status !== 'PENDING_USER__DELETE') return;
      const confirmed = await confirmDialog({
        title: { key: 'albums.comments.deleteTitle' },
        body: { key: 'albums.comments.deleteBody' },
        confirmLabel: { key: 'albums.comments.delete' },
        destructive: true,
      });
      dispatch(id, { type: confirmed ? 'confirm' : 'cancel' });
      if (!confirmed) return;
      try {
        await deleteComment(jobId, fileId, id);
        client.setQueryData<Comment[]>(commentsQuery(jobId, fileId).queryKey, (old) =>
          old?.filter((c) => c.comment_uuid !== id),
        );
        dispatch(id, { type: 'succeeded' });
      } catch (error) {
        dispatch(id, { type: 'failed', failure: commentFailure(error) });
      }
    },
    [client, dispatch, jobId, fileId],
  );

  return { actions, dispatch, save, remove };
}
