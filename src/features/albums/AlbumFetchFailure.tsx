import { Navigate } from 'react-router-dom';
import { jobInfoFailureOf } from '../../api/jobFetch';
import { mapJobInfoFailure } from '../../domain/jobInfoFailure';
import { JobFetchPage } from '../share';

/**
 * A signed-in album page whose info fetch failed, mapped as SPEC §7 words the answers (status
 * and body text) to the SPEC §4 page: not found for NOT_FOUND and FETCH_FAILED; an album that
 * asks for its password is opened through its link, whose page takes the password.
 */
export function AlbumFetchFailure({ jobId, error }: { jobId: string; error: unknown }) {
  const state = mapJobInfoFailure(jobInfoFailureOf(error, true));
  if (state === 'PASSWORD_REQUIRED') {
    return <Navigate to={`/a/${encodeURIComponent(jobId)}${location.search}`} replace />;
  }
  return <JobFetchPage state={state} kind="album" />;
}
