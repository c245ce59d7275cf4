import { z } from 'zod';
import { TEXT_MAX } from '../../domain/constants';
import { multiLineText, singleLineText } from './text';

// SPEC §3 Comment, §5 "a comment cannot be empty", §7 comments under
// /jobs/{id}/files_by_id/{fileId}/comments[/{commentId}]. Shared with server/.

/** SPEC §9 text max. */
export const COMMENT_MAX = TEXT_MAX;

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
  /**
   * A visitor without an account wrote it under a name they typed (SPEC §1 "may comment after
   * entering a name"): shown as a guest, so a typed name cannot pass for a member's.
   */
  visitor: z.boolean(),
  profile_url: z.string().nullable(),
  text: z.string(),
  /** Unix seconds. */
  timestamp: z.number(),
  lastEditTimestamp: z.number().nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** GET …/comments: the file's comments, oldest first. */
export const CommentsResponseSchema = z.object({ comments: z.array(CommentSchema) });

/** SPEC §5 user name rule (text max) for the name a visitor comments under. */
export const VISITOR_NAME_MAX = TEXT_MAX;
/** The header a visitor's comment calls carry their token in (never the Authorization one). */
export const VISITOR_TOKEN_HEADER = 'X-Visitor-Token';

/** A visitor's name: one line, no control characters, 255 at most, not empty once trimmed. */
export const VisitorNameSchema = singleLineText(VISITOR_NAME_MAX).refine(
  (name) => name.trim().length > 0,
  'name: required',
);

/**
 * POST /jobs/{id}/visitor_token: a visitor who can read a shared album (its link, and its password
 * when it has a password) names themselves to comment on it without an account.
 */
export const VisitorTokenRequestSchema = z.object({ name: VisitorNameSchema });

/**
 * The token proves the visitor's comments are theirs (edit, delete). It is bound to this album
 * (and to its password: a new password ends it) and to the name, and ends after
 * `expires` (unix seconds).
 */
export const VisitorTokenResponseSchema = z.object({
  token: z.string().min(1).max(128),
  visitor_uuid: z.string().min(1),
  name: z.string(),
  expires: z.number(),
});
export type VisitorToken = z.infer<typeof VisitorTokenResponseSchema>;
