// The album routes of the role matrix (authz.roles.test.ts). Listed here apart from the test so
// the route-coverage check of authz.test.ts counts them: a route is covered when one of these
// names it (and the role matrix checks that each case reaches exactly its route).
export const ALBUM_ROLE_ROUTES = [
  'GET /jobs/:id/info',
  'POST /jobs/:id/password',
  'GET /jobs/:id/users',
  'POST /jobs/:id/name',
  'POST /jobs/:id/privacy_mode',
  'POST /jobs/:id/permissions',
  'POST /jobs/:id/cover',
  'PUT /jobs/:id/attribute/:name',
  'POST /jobs/:id/subscribe',
  'POST /jobs/:id/unsubscribe',
  'DELETE /jobs/:id',
  'POST /jobs/:id/copy_files',
  'POST /jobs/:id/keep-files',
  'POST /jobs/:id/keep-all-files',
  'POST /jobs/:id/upload',
  'DELETE /jobs/:id/files_by_id/:fileId',
  'GET /jobs/:id/files_by_id/:fileId/comments',
  'POST /jobs/:id/files_by_id/:fileId/comments',
  'PUT /jobs/:id/files_by_id/:fileId/comments/:commentId',
  'DELETE /jobs/:id/files_by_id/:fileId/comments/:commentId',
  'POST /jobs/:id/files_by_id/:fileId/reaction',
  'DELETE /jobs/:id/files_by_id/:fileId/reaction',
] as const;
