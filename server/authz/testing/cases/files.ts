// The job's files (SPEC §7 Files, Uploads): reads, thumbnails, uploads (resumable too), delete,
// documents and archives, each on the owner's timeline job.
import {
  type Case,
  form,
  get,
  ids,
  jpeg,
  resumableCreate,
  resumablePatch,
  TUS,
  uploadRequest,
} from '../fixture';

export const FILE_CASES: Case[] = [
  { name: 'job info', request: () => get(`/jobs/${ids.job}/info`), other: 'hidden' },
  { name: 'months', request: () => get(`/jobs/${ids.job}/timeline/months`), other: 'hidden' },
  { name: 'files', request: () => get(`/jobs/${ids.job}/files`), other: 'hidden' },
  { name: 'service', request: () => get(`/st/4/jobs/${ids.job}/service`), other: 'hidden' },
  { name: 'changes', request: () => get(`/jobs/${ids.job}/changes?since=0`), other: 'hidden' },
  {
    name: 'changes+status',
    request: () => get(`/jobs/${ids.job}/changes_and_async_upload_status?since=0`),
    other: 'hidden',
  },
  {
    name: 'poll',
    request: () => get(`/poll?seq=0&event=job_changed:${ids.job}`),
    other: 'hidden',
  },
  {
    name: 'file',
    request: () => get(`/jobs/${ids.job}/files_by_id/${ids.file}`),
    other: 'hidden',
  },
  {
    name: 'metadata',
    request: () => get(`/jobs/${ids.job}/metadata/${ids.uploaded}`),
    other: 'hidden',
  },
  {
    name: 'content',
    request: () => get(`/st/4/jobs/${ids.job}/files_by_id/${ids.uploaded}`),
    other: 'hidden',
  },
  {
    name: 'v-check',
    request: () => get(`/st/4/jobs/${ids.job}/files_by_id/${ids.uploaded}/v-check`),
    other: 'hidden',
  },
  { name: 'thumbnail', request: () => get(`/th/3/${ids.file}?area=256`), other: 'hidden' },
  {
    name: 'files_dedup',
    request: () => ({
      method: 'POST',
      url: `/jobs/${ids.job}/files_dedup`,
      payload: { path: 'again.jpg', checksum: ids.checksum, mtime: 1 },
    }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'upload',
    request: async () => uploadRequest(ids.job, await jpeg(2)),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'resumable upload: create',
    request: () => resumableCreate(ids.job),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'resumable upload: write',
    request: () => resumablePatch(ids.partial),
    anonymous: 'hidden',
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'resumable upload: cancel',
    request: () => ({
      method: 'DELETE',
      url: `/resumable_uploads/${ids.cancelPartial}`,
      headers: TUS,
    }),
    anonymous: 'hidden',
    other: 'hidden',
    once: true,
  },
  {
    name: 'delete file',
    request: () => ({ method: 'DELETE', url: `/jobs/${ids.job}/files_by_id/${ids.victim}` }),
    other: 'hidden',
    once: true,
  },
  { name: 'documents', request: () => get(`/jobs/${ids.job}/documents`), other: 'hidden' },
  {
    name: 'archive',
    request: () => form(`/st/4/jobs/${ids.job}/files_as_archive`, `${ids.file},${ids.uploaded}`),
    other: 'hidden',
  },
  { name: 'default job', request: () => get('/jobs/default'), other: 'own' },
];
