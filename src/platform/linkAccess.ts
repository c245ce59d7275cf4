import { loadStoredAuth } from '../api/authStore';
import type { HostDirectory } from '../api/hosts';
import type { UrlOptions } from '../api/http';
import { visitorAuth, type VisitorAuth } from '../domain/visitorAuth';

/**
 * Jobs read through their link instead of the session (SPEC §3 Share, §6 Visitor): anyone with
 * the link reads a share or a shared album, signed in or not, and a password-protected one with
 * its password as SPEC §5 transforms it. Every call and URL about such a job (its info, files,
 * details, comments, thumbnails, content) carries SPEC §6's visitor auth (`domain/visitorAuth`):
 * the password as basic auth when given, else the token while the user may be the owner, and
 * the user as `foreign_auth` once they are known not to be.
 */
interface LinkGrant {
  /** The transformed password the visitor gave, null when none was asked for. */
  password: string | null;
  /** The job's answer said the signed-in user is not its owner. */
  nonOwner: boolean;
  /** The job's own host directory (GET /st/4/jobs/{id}/service), once known. */
  hosts?: HostDirectory;
}

const grants = new Map<string, LinkGrant>();

/** Marks `jobId` as read through its link, with its transformed password when it has one. */
export function grantLinkAccess(jobId: string, password: string | null): void {
  const held = grants.get(jobId);
  grants.set(jobId, { ...held, password, nonOwner: held?.nonOwner ?? false });
}

/**
 * SPEC §7 GET /st/4/jobs/{id}/service answered for a link job: its calls and media go to these
 * hosts from now on (a job read without its link keeps the session's directory).
 */
export function setLinkHosts(jobId: string, hosts: HostDirectory): void {
  const held = grants.get(jobId);
  if (held) grants.set(jobId, { ...held, hosts });
}

export function revokeLinkAccess(jobId: string): void {
  grants.delete(jobId);
}

/** SPEC §6 visitor auth for fetching `jobId` with `password` (before it is known to open it). */
export function linkAuthWith(jobId: string, password: string | null): VisitorAuth {
  return visitorAuth({
    password,
    token: loadStoredAuth()?.token ?? null,
    nonOwner: grants.get(jobId)?.nonOwner ?? false,
  });
}

/**
 * The job answered a fetch with `password`: everything about it is read through its link from
 * now on, with that password (kept for this tab), knowing whether the user owns it.
 */
export function openedByLink(jobId: string, password: string | null, owner: boolean): void {
  grants.set(jobId, { password, nonOwner: !owner, hosts: grants.get(jobId)?.hosts });
  if (password !== null) rememberLinkPassword(jobId, password);
}

/** SPEC §6 visitor auth for a call about `jobId`; undefined for a job not read by its link. */
export function linkAuthOf(jobId: string): VisitorAuth | undefined {
  const grant = grants.get(jobId);
  if (!grant) return undefined;
  return visitorAuth({ ...grant, token: loadStoredAuth()?.token ?? null });
}

/**
 * Request options for a call about `jobId`: its visitor auth when read through its link, and
 * its own host directory when the service gave one.
 */
export function linkRequestOptions(jobId: string): {
  linkAuth?: VisitorAuth;
  hosts?: HostDirectory;
} {
  const linkAuth = linkAuthOf(jobId);
  const hosts = grants.get(jobId)?.hosts;
  return { ...(linkAuth ? { linkAuth } : {}), ...(hosts ? { hosts } : {}) };
}

/**
 * The query of a URL about `jobId`'s media (<img>, <video>, downloads: no headers): `token`
 * carries what basic auth would (the password of a link job, else the user's token), and
 * `foreign_auth` (in `linkAuth`) the user.
 */
export function mediaAuth(jobId: string): Pick<UrlOptions, 'linkAuth' | 'hosts'> & {
  token: string | undefined;
} {
  const linkAuth = linkAuthOf(jobId);
  if (!linkAuth) return { token: loadStoredAuth()?.token };
  return { token: linkAuth.basic ?? undefined, linkAuth, hosts: grants.get(jobId)?.hosts };
}

const PASSWORD_STORE = 'linkPasswords';

function storedPasswords(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(PASSWORD_STORE) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Keeps a link job's transformed password for this tab (a reload does not ask again). */
export function rememberLinkPassword(jobId: string, password: string): void {
  try {
    sessionStorage.setItem(
      PASSWORD_STORE,
      JSON.stringify({ ...storedPasswords(), [jobId]: password }),
    );
  } catch {
    // Private mode without storage: the password lives as long as the page.
  }
}

/** The transformed password this tab holds for a link job (a share or an album), if given. */
export function heldLinkPassword(jobId: string): string | null {
  const held = grants.get(jobId)?.password;
  if (held) return held;
  const stored = storedPasswords()[jobId];
  return typeof stored === 'string' && stored.length > 0 && stored.length <= 128 ? stored : null;
}
