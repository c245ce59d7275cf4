import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError, isRateLimited } from '../../api/errors';
import { jobInfoFailureOf } from '../../api/jobFetch';
import { jobFetchState, type JobFetchState } from '../../domain/jobInfoFailure';
import { useLoginStatus } from '../../state/session';
import type { PasswordProblem } from './SharePassword';

export interface LinkJobOptions<T, K extends QueryKey> {
  jobId: string;
  /** The fetch of the job (an album's info, a share) with the password credential held for it. */
  query: (credential: string | null) => UseQueryOptions<T, Error, T, K>;
  /** The credential held for the job before anything was typed (this tab's), else null. */
  held: (jobId: string) => string | null;
  /** Takes a typed password: resolves the credential to fetch with (SPEC §5 transform). */
  provide: (jobId: string, password: string) => Promise<string | null>;
}

export interface LinkJob<T> {
  state: JobFetchState;
  data: T | undefined;
  password: {
    busy: boolean;
    problem: PasswordProblem | null;
    submit: (password: string) => void;
  };
}

const problemOf = (error: unknown): PasswordProblem =>
  isRateLimited(error)
    ? 'tooMany'
    : isApiError(error) && [400, 401, 403].includes(error.status ?? 0)
      ? 'incorrect'
      : 'failed';

/**
 * A job opened through its link (a share, a shared album), as SPEC §4 "Job fetch" runs it: the
 * one path from the fetch's answer to the page state is SPEC §7's job-info mapping
 * (`mapJobInfoFailure`, by status and body text). A password the visitor types makes the state
 * PASSWORD_PROVIDED until the fetch that carries it answers; PASSWORD_REQUIRED after it means
 * the password was wrong ("Incorrect password").
 */
export function useLinkJob<T, K extends QueryKey>({
  jobId,
  query,
  held,
  provide,
}: LinkJobOptions<T, K>): LinkJob<T> {
  const loggedIn = useLoginStatus() === 'AUTHENTICATED';
  const [credential, setCredential] = useState(() => held(jobId));
  const current = useRef(credential);
  current.current = credential;
  const [provided, setProvided] = useState(false);
  const [checking, setChecking] = useState(false);
  const [refused, setRefused] = useState<PasswordProblem | null>(null);
  const result = useQuery(query(credential));

  // A live refresh that met a network hiccup keeps the job shown (connectivity says offline).
  const failed =
    result.isError && !(result.data !== undefined && isApiError(result.error, 'network'));
  const failure = failed ? jobInfoFailureOf(result.error, loggedIn) : null;
  let state: JobFetchState = checking
    ? 'PASSWORD_PROVIDED'
    : jobFetchState({ pending: result.isPending, failure, passwordProvided: provided });
  let problem = refused;
  if (provided && !checking && failed) {
    // The typed password was refused (SPEC §8 "Incorrect password"), or tried too often.
    if (state === 'PASSWORD_REQUIRED') problem = 'incorrect';
    else if (isRateLimited(result.error)) {
      state = 'PASSWORD_REQUIRED';
      problem = 'tooMany';
    }
  }

  const submit = (password: string) => {
    setChecking(true);
    setRefused(null);
    provide(jobId, password)
      .then(async (next) => {
        setProvided(true);
        // The same password again is the same fetch: asked once more, not read from the cache.
        if (next === current.current) await result.refetch();
        else setCredential(next);
      })
      .catch((error: unknown) => setRefused(problemOf(error)))
      .finally(() => setChecking(false));
  };

  return {
    state,
    data: failed ? undefined : result.data,
    password: { busy: state === 'PASSWORD_PROVIDED', problem, submit },
  };
}
