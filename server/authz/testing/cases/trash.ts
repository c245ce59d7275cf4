// The trash (SPEC §7 Trash, Rollback): trashed files' thumbnails and archive, restore, the
// trashed albums, and emptying it.
import { type Case, form, get, ids } from '../fixture';

export const TRASH_CASES: Case[] = [
  {
    name: 'trash thumbnail',
    request: () => get(`/th/3/trash/${ids.job}/${ids.trashed}`),
    other: 'hidden',
  },
  {
    name: 'multi_rollback',
    request: () => ({
      method: 'POST',
      url: `/jobs/${ids.job}/multi_rollback`,
      payload: { file_uuids: [ids.restorable] },
    }),
    other: 'hidden',
    readOnly: 'refused',
  },
  {
    name: 'trash archive',
    request: () => form(`/st/4/jobs/${ids.job}/files_from_trash_as_archive`, ids.trashed),
    other: 'hidden',
  },
  { name: 'trash list', request: () => get('/trash_can?offset=0&limit=10'), other: 'own' },
  { name: 'trash albums', request: () => get('/trash_can_albums'), other: 'own' },
  {
    name: 'trash album files',
    request: () => get(`/trash_can_albums/${ids.trashedAlbum}/files`),
    other: 'hidden',
  },
  {
    name: 'restore albums',
    request: () => ({ method: 'POST', url: '/rollback_albums', payload: { job_uuids: ['none'] } }),
    other: 'own',
    readOnly: 'refused',
  },
  {
    name: 'delete trash albums',
    request: () => ({
      method: 'DELETE',
      url: '/delete_albums_from_trash_can',
      payload: { job_uuids: ['none'] },
    }),
    other: 'own',
  },
  {
    // Another user's call purges nothing of the owner's (their own trash has no such file).
    name: 'empty trash',
    request: () => ({ method: 'POST', url: '/empty_trash_can', payload: { fileid: [ids.victim] } }),
    other: 'own',
  },
];
