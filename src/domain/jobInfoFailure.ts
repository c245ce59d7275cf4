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

/**
 * SPEC §4 "Job fetch" as a page reads it (share fetch the same): the state of one fetch of a
 * job's info. PASSWORD_PROVIDED is a fetch that carries a password the visitor just gave, still
 * on its way; when its answer is PASSWORD_REQUIRED again the password was wrong (SPEC §8
 * "Incorrect password").
 */
export function jobFetchState(attempt: {
  pending: boolean;
  /** The failed answer of the fetch, null when it succeeded or is pending. */
  failure: JobInfoFailure | null;
  passwordProvided: boolean;
}): Exclude<JobFetchState, 'NOT_STARTED' | 'PARTIALLY_FETCHED' | 'RECENTLY_DELETED'> {
  if (attempt.pending) return attempt.passwordProvided ? 'PASSWORD_PROVIDED' : 'PENDING';
  return attempt.failure ? mapJobInfoFailure(attempt.failure) : 'FETCHED';
}

/** SPEC §4 pages: what each job fetch state shows. */
export type JobFetchPage = 'loader' | 'content' | 'notFound' | 'password' | 'login';

export function jobFetchPage(state: JobFetchState): JobFetchPage {
  switch (state) {
    case 'NOT_STARTED':
    case 'PENDING':
      return 'loader';
    case 'FETCHED':
    case 'PARTIALLY_FETCHED':
      return 'content';
    case 'PASSWORD_REQUIRED':
    case 'PASSWORD_PROVIDED':
      return 'password';
    case 'LOGIN_REQUIRED':
      return 'login';
    case 'NOT_FOUND':
    case 'FETCH_FAILED':
    case 'RECENTLY_DELETED':
      return 'notFound';
  }
}

/** Whether a failed answer's body is one of SPEC §7's job-auth texts (a page's answer, not a lost session). */
export function isJobAuthBody(body: string | undefined): boolean {
  const text = body?.toLowerCase() ?? '';
  return text.includes(PUBLIC_AUTH_FAILED) || text.includes(NO_ACCESS_TO_SECURED_JOB);
}
