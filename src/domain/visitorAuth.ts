/**
 * SPEC §6 "Auth for album visitors: the album's own password if provided; otherwise the user's
 * token when not known to be a non-owner, and a foreign-auth value when the user is not the
 * owner." What a call about a job read through its link (an album's or a share's) carries:
 * `basic`, the credential of its basic auth (SPEC §7 "basic auth with the token"), and
 * `foreignAuth`, the common query parameter `foreign_auth` naming the signed-in user.
 */
export interface VisitorAuth {
  basic: string | null;
  foreignAuth: string | null;
}

export function visitorAuth(link: {
  /** The album's password as SPEC §5 transforms it, when the visitor gave it. */
  password: string | null;
  /** The signed-in user's token, null for a visitor without an account. */
  token: string | null;
  /** The job's answer said the user is not its owner. */
  nonOwner: boolean;
}): VisitorAuth {
  // Whoever needs the password is not its owner: the user, if any, goes as foreign_auth.
  if (link.password !== null) return { basic: link.password, foreignAuth: link.token };
  if (link.token === null) return { basic: null, foreignAuth: null };
  return link.nonOwner
    ? { basic: null, foreignAuth: link.token }
    : { basic: link.token, foreignAuth: null };
}
