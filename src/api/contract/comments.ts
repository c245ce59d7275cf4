import { z } from 'zod';
import { multiLineText } from './text';

// SPEC §3 Comment, §5 "a comment cannot be empty", §7 comments under
// /jobs/{id}/files_by_id/{fileId}/comments[/{commentId}]. Shared with server/.

/** SPEC §9 text max. */
export const COMMENT_MAX = 255;

/** POST and PUT: the comment's text, not empty once trimmed; line breaks allowed. */
export const CommentRequestSchema = z.object({
  comment: multiLineText(COMMENT_MAX).refine((text) => text.trim().length > 0, 'comment: required'),
});

export const CommentSchema = z.object({
  comment_uuid: z.string().min(1),
  fileID: z.string(),
  userUUID: z.string(),
  /** The author's name and picture, as album participants see each other's. */
  name: z.string().nullable(),
  profile_url: z.string().nullable(),
  text: z.string(),
  /** Unix seconds. */
  timestamp: z.number(),
  lastEditTimestamp: z.number().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** GET …/comments: the file's comments, oldest first. */
export const CommentsResponseSchema = z.object({ comments: z.array(CommentSchema) });
