/** SPEC §4 "Job fetch" states; share fetch follows the same pattern. */
export const JOB_FETCH_STATES = [
  'NOT_STARTED',
  'PENDING',
  'NOT_FOUND',
  'PASSWORD_REQUIRED',
  'PASSWORD_PROVIDED',
  'LOGIN_REQUIRED',
  'FETCHED',
  'PARTIALLY_FETCHED',
  'FETCH_FAILED',
  'RECENTLY_DELETED',
] as const;

export type JobFetchState = (typeof JOB_FETCH_STATES)[number];

export type JobInfoFailureState = Extract<
  JobFetchState,
  'PASSWORD_REQUIRED' | 'LOGIN_REQUIRED' | 'NOT_FOUND' | 'FETCH_FAILED'
>;

export interface JobInfoFailure {
  /** HTTP status, or 'network' when no answer arrived. */
  status: number | 'network';
  body: string;
  loggedIn: boolean;
}

const PUBLIC_AUTH_FAILED = 'public job auth failed';
const NO_ACCESS_TO_SECURED_JOB = 'user does not have access to secured job';

/**
 * SPEC §7 "Job info failure mapping": 400/401/403 with "public job auth failed" → password
 * required; with "User does not have access to secured job" → login required when logged out,
 * else not found; other 400/401/403 and 404 → not found; anything else → fetch failed.
 * Body markers are matched case-insensitively so a server wording tweak in case does not turn a
 * password prompt into a not-found page.
 */
export function mapJobInfoFailure({ status, body, loggedIn }: JobInfoFailure): JobInfoFailureState {
  if (status === 404) return 'NOT_FOUND';
  if (status !== 400 && status !== 401 && status !== 403) return 'FETCH_FAILED';
  const text = body.toLowerCase();
  if (text.includes(PUBLIC_AUTH_FAILED)) return 'PASSWORD_REQUIRED';
  if (text.includes(NO_ACCESS_TO_SECURED_JOB)) return loggedIn ? 'NOT_FOUND' : 'LOGIN_REQUIRED';
  return 'NOT_FOUND';
}
