import { z } from 'zod';
import { lazySchema } from './lazySchema';
import { TEXT_MAX } from '../../domain/constants';
import { FileSchema } from './files';
import { multiLineText, singleLineText } from './text';

/**
 * SPEC §3 Share: a link to a snapshot of some files (or of an album: isAlbum). The server keeps
 * it as a job of type `share` holding copies of the files, so its thumbnails are
 * `/th/3/{fileId}?share={shareId}` and its content `/st/4/jobs/{shareId}/files_by_id/{fileId}`
 * like any job's (SPEC §7 "share = job id"). A share expires 30 days after it was made (SPEC §9).
 *
 * Who may read it: anyone with the link (a visitor too); with a password, a request whose basic
 * auth is that password as SPEC §5 transforms it (SPEC §6 visitor auth; an <img> carries it as
 * `?token=`); the owner always.
 */

/** The most files one share holds (the receiver lists them all on one page). */
export const SHARE_MAX_FILES = 500;

/** POST /shares: a new share of files of a job the caller may read. */
export const CreateShareRequestSchema = z.object({
  /** The job the files are in (the timeline or an album). */
  job: z.string().min(1).max(64),
  files: z.array(z.string().min(1).max(64)).min(1).max(SHARE_MAX_FILES),
  /** Sharing an album: the receiver shows its title. */
  album: z.boolean().optional(),
});

/**
 * POST /shares/{id}/password: transformed as SPEC §5 says. A visitor sends the same value as the
 * share's basic auth (SPEC §6; server/routes/linkRead.ts).
 */
export const SharePasswordRequestSchema = z.object({ password: singleLineText(512).min(1) });

export const ShareSchema = z.object({
  id: z.string().min(1),
  /** The receiver's path on the web client: `/share/{id}`. */
  link: z.string().min(1),
  isAlbum: z.boolean(),
  /** The album's title for an album share, else null. */
  title: z.string().nullable(),
  owner: z.object({
    userID: z.string(),
    name: z.string().nullable(),
    /** Only answered to the owner: a visitor never learns an address from a link. */
    email: z.string().optional(),
  }),
  /** The caller made this share (SPEC §6: "stop sharing" is theirs). */
  isOwner: z.boolean(),
  created: z.number(),
  expires: z.number(),
  hasPassword: z.boolean(),
  /** Pictures and videos, newest first. */
  thumbFiles: z.array(FileSchema),
  /** Documents, listed by name. */
  docFiles: z.array(FileSchema),
});
export type Share = z.infer<typeof ShareSchema>;

/**
 * GET /shares/{id} as the client reads it: SPEC §3 names only id, link, isAlbum, owner,
 * thumbFiles, docFiles and an optional password, so what our server adds (title, isOwner,
 * created, expires, hasPassword) may be missing; `receivedShare` fills it in.
 */
export const ShareAnswerSchema = lazySchema(() =>
  ShareSchema.extend({
    title: z.string().nullable().optional(),
    isOwner: z.boolean().optional(),
    created: z.number().optional(),
    expires: z.number().optional(),
    hasPassword: z.boolean().optional(),
    password: z.unknown().optional(),
  }),
);
export type ShareAnswer = z.infer<typeof ShareAnswerSchema>;

/** A share as the receiver shows it: expiry null when the service said neither it nor creation. */
export type ReceivedShare = Omit<Share, 'created' | 'expires'> & {
  created: number | null;
  expires: number | null;
};

/**
 * The answer with SPEC-only fallbacks: the caller owns it when signed in as its owner (SPEC §6
 * "logged in and equal to the share owner"); it expires `expiryDays` after it was made (SPEC §9);
 * it has a password when it carries one (SPEC §3).
 */
export function receivedShare(
  answer: ShareAnswer,
  accountUuid: string | null,
  expiryDays: number,
): ReceivedShare {
  const { password, ...share } = answer;
  const created = share.created ?? null;
  return {
    ...share,
    title: share.title ?? null,
    isOwner: share.isOwner ?? (accountUuid !== null && share.owner.userID === accountUuid),
    created,
    expires: share.expires ?? (created === null ? null : created + expiryDays * 86_400),
    hasPassword:
      share.hasPassword ?? (password !== undefined && password !== null && password !== ''),
  };
}

/** POST /shares/{id}/copy: the copies made in the caller's timeline (SPEC §3 copy to timeline). */
export const CopyShareResponseSchema = z.object({ added: z.number().int().nonnegative() });

/** An address as the email share checks it: one `a@b.c` without spaces or commas. */
export const EMAIL_ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]+$/;
/** Recipients of one email share. */
export const PUBLISH_MAX_RECIPIENTS = 50;

/** SPEC §3 and §5 email share: POST /jobs/{id}/publish (to_email, subject, message). */
export const PublishRequestSchema = z.object({
  /** Comma-separated; each a valid address (SPEC §5). */
  to_email: singleLineText(5000)
    .min(1)
    .refine((text) => {
      const list = splitRecipients(text);
      return (
        list.length > 0 &&
        list.length <= PUBLISH_MAX_RECIPIENTS &&
        list.every((a) => EMAIL_ADDRESS.test(a))
      );
    }, 'every recipient must be a valid address'),
  subject: singleLineText(TEXT_MAX).refine((s) => s.trim().length > 0, 'subject is required'),
  message: multiLineText(5000).optional(),
});
export type PublishRequest = z.infer<typeof PublishRequestSchema>;

/** The comma-separated recipients, trimmed, empty entries kept (so "a@b.c," is invalid). */
export function splitRecipients(text: string): string[] {
  return text.split(',').map((part) => part.trim());
}
