import { type JobInfoFailure } from '../domain/jobInfoFailure';
import { isApiError } from './errors';

/**
 * A failed job or share fetch as SPEC §7's job-info mapping reads it: the HTTP status and the
 * body text of the answer ('network' when none arrived), and whether the user is signed in.
 * Anything that is not an answer (a network failure, a refused call) is FETCH_FAILED there.
 */
export function jobInfoFailureOf(error: unknown, loggedIn: boolean): JobInfoFailure {
  if (isApiError(error) && error.status !== undefined) {
    return { status: error.status, body: error.body ?? '', loggedIn };
  }
  return { status: 'network', body: '', loggedIn };
}
