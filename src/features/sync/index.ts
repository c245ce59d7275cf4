// The public entry of features/sync: follow a job's changes (SPEC §4 job syncing).
export {
  JobSync,
  type ApplyChanges,
  type JobChange,
  type JobFetchStatus,
  type JobSyncOptions,
  type SerialStore,
} from './JobSync';
export { useJobSync } from './useJobSync';
