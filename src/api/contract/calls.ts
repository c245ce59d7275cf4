// SPEC §7 as data: every call the client makes or the SPEC lists, and every route of our
// contract server (calls.test.ts, server/calls.test.ts). Requests are built only from these
// entries (callTarget.ts `callTo`). Our additions say why (src/api/CONTEXT.md "What we add to
// the contract"); a SPEC call the client does not build yet says why in `notBuilt`.
import {
  callAt,
  listedCall,
  pathPattern,
  type CallEntry,
  type CallHost,
  type CallMethod,
  type CallSource,
  type CallTarget,
  type Query,
} from './callTarget';

const SPEC: CallSource = { spec: true };
const ours = (why: string): CallSource => ({ ours: why });
const pathOurs = (why: string): CallSource => ({ specPathOurs: why });

/** Issue 31 item 5 names these; the merge of its other calls (branch skipped) left them out. */
const ACCOUNT_ATTRIBUTE_DELETE =
  "not made yet: the one account attribute the client keeps (the paid-service transition notice's dismissal) is never cleared";
const CASTING = "ours: pairing with the app's own TV receiver, an emulator of a casting service";
const TUS = 'a tus 1.0.0 endpoint named by account_info.resumable_uploads (issue 32)';
/** A tus upload's own URL: the Location its creation answered. */
const TUS_UPLOAD = {
  source: ours(TUS),
  notBuilt: 'tus-js-client follows the Location of the creation',
};
/** The TV receiver's calls: it has no login, its id and token are the pairing's. */
const RECEIVER = { source: ours(CASTING), auth: 'none' } as const;

interface More<Q extends readonly string[]> {
  host?: CallHost;
  query?: Q;
  auth?: 'basic' | 'none';
  source?: CallSource;
  notBuilt?: string;
  noServerRoute?: string;
}

function call<
  const M extends CallMethod,
  const P extends string,
  const Q extends readonly string[] = readonly [],
>(method: M, path: P, more: More<Q> = {}) {
  const { host = 'app', query = [] as unknown as Q, auth = 'basic', source = SPEC } = more;
  const entry = { method, path, host, query, auth, source };
  return listedCall({
    ...entry,
    ...(more.notBuilt ? { notBuilt: more.notBuilt } : {}),
    ...(more.noServerRoute ? { noServerRoute: more.noServerRoute } : {}),
  });
}

export const CALLS = {
  // Account and user
  accountInfo: call('GET', '/account_info'),
  setName: call('POST', '/name'),
  setProfilePicture: call('POST', '/profile_picture', {
    query: ['path'],
    source: pathOurs('SPEC §7 "POST profile picture (query path)" shows no path'),
  }),
  logout: call('POST', '/logout'),
  devices: call('GET', '/devices'),
  deleteDevice: call('DELETE', '/devices/{id}'),
  userGrants: call('GET', '/user_grants'),
  readOption: call('GET', '/options/{key}'),
  writeOption: call('PUT', '/options/{key}'),
  deleteOption: call('DELETE', '/options/{key}'),
  readAccountAttribute: call('GET', '/account_attribute', { query: ['account_attribute_key'] }),
  writeAccountAttribute: call('POST', '/account_attribute', { query: ['account_attribute_key'] }),
  deleteAccountAttribute: call('DELETE', '/account_attribute', {
    query: ['account_attribute_key'],
    notBuilt: ACCOUNT_ATTRIBUTE_DELETE,
  }),
  approveTos: call('POST', '/approve_tos'),
  supportedExtensions: call('GET', '/supported_extensions', { auth: 'none' }),
  fullScreenCards: call('GET', '/v2/full_screen_cards'),
  dismissFullScreenCard: call('POST', '/full_screen_cards/{id}/dismiss'),
  statisticsEvents: call('POST', '/user_statistics_events'),
  clientStats: call('POST', '/client_stats'),
  readEmailConsent: call('GET', '/user/email_consent', {
    host: 'consent',
    query: ['email_consent_identifier'],
    auth: 'none',
  }),
  writeEmailConsent: call('POST', '/user/email_consent', { host: 'consent', auth: 'none' }),
  consentValues: call('GET', '/data_protection/consent_values'),
  setConsentValues: call('POST', '/data_protection/consent_values'),
  dataAccessAvailability: call('GET', '/data_protection/request_data_access_availability'),
  requestAccountDeletion: call('POST', '/data_protection/request_account_deletion'),
  requestDataAccess: call('POST', '/data_protection/request_data_access', {
    source: ours('SPEC §7 makes it a navigation; we post it and show the answer (issue 31 item 5)'),
  }),
  digitalLegacy: call('GET', '/digital_legacy'),
  setDigitalLegacy: call('POST', '/digital_legacy', {
    query: ['digital_legacy_choice', 'language'],
  }),
  deleteTestPaymentData: call('DELETE', '/test/payment_data', {
    source: pathOurs('SPEC §7 "test endpoints for deleting payment data" shows no path'),
  }),
  testEmailConsentId: call('GET', '/__test/email_consent_id', {
    source: pathOurs('SPEC §7 "test endpoint for fetching an email consent id" shows no path'),
    notBuilt: 'only the e2e tests read an unsubscribe id; the app never does',
  }),

  // Jobs
  jobs: call('GET', '/jobs', { query: ['stories', 'include_details'] }),
  createJob: call('POST', '/jobs'),
  defaultJob: call('GET', '/jobs/default'),
  jobInfo: call('GET', '/jobs/{id}/info', { query: ['include_details'] }),
  jobUsers: call('GET', '/jobs/{id}/users', { query: ['include_profile_url'] }),
  timelineMonths: call('GET', '/jobs/{id}/timeline/months', { query: ['order'] }),
  jobFiles: call('GET', '/jobs/{id}/files', {
    query: ['start', 'end', 'recursive', 'uploaded_since', 'order'],
  }),
  jobChanges: call('GET', '/jobs/{id}/changes', { query: ['since'] }),
  changesAndUploadStatus: call('GET', '/jobs/{id}/changes_and_async_upload_status', {
    query: ['since'],
  }),
  setJobAttribute: call('PUT', '/jobs/{id}/attribute/{name}'),
  fileMetadata: call('GET', '/jobs/{id}/metadata/{fileId}'),
  upload: call('POST', '/jobs/{id}/upload'),
  file: call('GET', '/jobs/{id}/files_by_id/{fileId}'),
  deleteFile: call('DELETE', '/jobs/{id}/files_by_id/{fileId}'),
  filesDedup: call('POST', '/jobs/{id}/files_dedup'),
  publish: call('POST', '/jobs/{id}/publish'),
  deleteJob: call('DELETE', '/jobs/{id}'),
  setCover: call('POST', '/jobs/{id}/cover'),
  setJobName: call('POST', '/jobs/{id}/name'),
  setPrivacyMode: call('POST', '/jobs/{id}/privacy_mode'),
  setPermissions: call('POST', '/jobs/{id}/permissions'),
  subscribe: call('POST', '/jobs/{id}/subscribe'),
  unsubscribe: call('POST', '/jobs/{id}/unsubscribe'),
  keepAllFiles: call('POST', '/jobs/{id}/keep-all-files'),
  keepFiles: call('POST', '/jobs/{id}/keep-files'),
  comments: call('GET', '/jobs/{id}/files_by_id/{fileId}/comments', {
    source: ours('SPEC §7 lists writing comments only; the viewer reads them here'),
  }),
  postComment: call('POST', '/jobs/{id}/files_by_id/{fileId}/comments'),
  editComment: call('PUT', '/jobs/{id}/files_by_id/{fileId}/comments/{commentId}'),
  deleteComment: call('DELETE', '/jobs/{id}/files_by_id/{fileId}/comments/{commentId}'),
  react: call('POST', '/jobs/{id}/files_by_id/{fileId}/reaction'),
  unreact: call('DELETE', '/jobs/{id}/files_by_id/{fileId}/reaction'),
  multiRollback: call('POST', '/jobs/{id}/multi_rollback'),
  archive: call('POST', '/st/4/jobs/{id}/files_as_archive', {
    host: 'download',
    query: ['flattened', 'heic_to_jpeg', 'master_only', 'include_subrevisions', 'zip_filename'],
  }),
  trashArchive: call('POST', '/st/4/jobs/{id}/files_from_trash_as_archive', {
    host: 'download',
    query: ['flattened', 'heic_to_jpeg', 'master_only', 'include_subrevisions', 'zip_filename'],
  }),
  copyFiles: call('POST', '/jobs/{id}/copy_files', {
    source: pathOurs('SPEC §7 "copy to album or timeline" shows no path'),
  }),
  setJobPassword: call('POST', '/jobs/{id}/password', {
    source: pathOurs('SPEC §7 "album password submit" shows no path; also sets one (CONTEXT.md)'),
  }),
  visitorToken: call('POST', '/jobs/{id}/visitor_token', {
    source: ours("a visitor's name for comments (SPEC §1), X-Visitor-Token (CONTEXT.md)"),
  }),
  documents: call('GET', '/jobs/{id}/documents', {
    query: ['offset', 'limit'],
    source: pathOurs('SPEC §7 "documents fetch" shows no path'),
  }),
  hostDirectory: call('GET', '/st/4/jobs/{id}/service'),

  // Trash
  trashCan: call('GET', '/trash_can', { query: ['total_item_count', 'offset', 'limit'] }),
  trashAlbums: call('GET', '/trash_can_albums'),
  trashAlbumFiles: call('GET', '/trash_can_albums/{id}/files', {
    source: ours('export of a deleted album (SPEC §2), CONTEXT.md'),
  }),
  emptyTrash: call('POST', '/empty_trash_can'),
  deleteAlbumsFromTrash: call('DELETE', '/delete_albums_from_trash_can'),
  rollbackAlbums: call('POST', '/rollback_albums'),

  // Payments
  stripeProducts: call('GET', '/stripe_products', { query: ['flag'] }),
  paymentMethod: call('GET', '/stripe_payment_method'),
  deletePaymentMethod: call('DELETE', '/stripe_payment_method', {
    source: ours('removing the saved card; SPEC §7 lists reading it only'),
  }),
  subscriptions: call('GET', '/stripe/subscriptions'),
  purchase: call('POST', '/stripe/v1/purchase'),
  changePlan: call('PUT', '/stripe/v1/purchase'),
  createSetupIntent: call('POST', '/stripe/create_setup_intent'),
  finishSetupIntent: call('POST', '/stripe/finish_setup_intent'),
  customerExists: call('GET', '/stripe/customer_exists'),
  createCustomer: call('POST', '/stripe/create_customer'),
  grantLink: call('POST', '/stripe/subscriptions/{id}/{action}', {
    source: pathOurs('SPEC §7 "execute a grant link": the grant names the path'),
  }),

  // Other hosts
  thumbnail: call('GET', '/th/3/{fileId}', { host: 'thumb', query: ['area', 'share', 'token'] }),
  trashThumbnail: call('GET', '/th/3/trash/{id}/{fileId}', {
    host: 'thumb',
    query: ['area', 'token'],
  }),
  /** The original or the video stream, for elements (<img>, <video>). */
  fileContent: call('GET', '/st/4/jobs/{id}/files_by_id/{fileId}', {
    host: 'video',
    query: ['token', 'download'],
  }),
  /** A single file's download ("a single file is fetched directly"). */
  fileDownload: call('GET', '/st/4/jobs/{id}/files_by_id/{fileId}', {
    host: 'download',
    query: ['token', 'download'],
  }),
  videoCheck: call('GET', '/st/4/jobs/{id}/files_by_id/{fileId}/v-check', { host: 'video' }),
  loginPreflight: call('GET', '/st/4/telenorid/preflight_oauth2login', {
    auth: 'none',
    query: [
      'redir',
      'locale',
      'utm_source',
      'code_challenge',
      'code_challenge_method',
      'oauth_redirect_uri',
      'use_telenor_id_pluss',
    ],
  }),
  loginCallback: call('POST', '/st/4/telenorid/postflight_oauth2callback', { auth: 'none' }),
  poll: call('GET', '/poll', { host: 'poll', query: ['seq', 'event'] }),

  // Shares (SPEC §7: "share creation … calls exist, methods and paths not shown")
  createShare: call('POST', '/shares', { source: pathOurs('share creation shows no path') }),
  share: call('GET', '/shares/{id}', { source: pathOurs('a share link opens its share') }),
  deleteShare: call('DELETE', '/shares/{id}', { source: ours('the owner stops a share') }),
  setSharePassword: call('POST', '/shares/{id}/password', {
    source: pathOurs('SPEC §7 "share password submit" shows no path (CONTEXT.md)'),
  }),
  copyShare: call('POST', '/shares/{id}/copy', {
    source: pathOurs('SPEC §7 "copy to album or timeline" shows no path'),
  }),

  // Resumable uploads (issue 32)
  resumableCreate: call('POST', '/resumable_uploads', {
    source: ours(TUS),
  }),
  resumableOffset: call('HEAD', '/resumable_uploads/{uploadId}', TUS_UPLOAD),
  resumablePatch: call('PATCH', '/resumable_uploads/{uploadId}', TUS_UPLOAD),
  resumableCancel: call('DELETE', '/resumable_uploads/{uploadId}', TUS_UPLOAD),

  // Cast (features/cast; contract/cast.ts)
  castPair: call('POST', '/cast/pair', { source: ours(CASTING) }),
  castSession: call('GET', '/cast/sessions/{id}', { source: ours(CASTING) }),
  endCastSession: call('DELETE', '/cast/sessions/{id}', { source: ours(CASTING) }),
  castMessages: call('POST', '/cast/sessions/{id}/messages', { source: ours(CASTING) }),
  castSessionEvents: call('GET', '/cast/sessions/{id}/events', {
    source: ours(CASTING),
    query: ['token'],
  }),
  castReceiver: call('POST', '/cast/receivers', RECEIVER),
  castReceiverEvents: call('GET', '/cast/receivers/{id}/events', {
    ...RECEIVER,
    query: ['token'],
  }),
  castReceiverCode: call('POST', '/cast/receivers/{id}/code', RECEIVER),
  castReceiverState: call('POST', '/cast/receivers/{id}/state', RECEIVER),
  castMedia: call('GET', '/cast/receivers/{id}/media/{jobId}/{fileId}/{part}', {
    ...RECEIVER,
    query: ['token', 'area'],
  }),
  profilePictureImage: call('GET', '/profile_picture/{key}', {
    source: ours('the profile picture as an image; its URL is in the account answer'),
    notBuilt: 'the account answer gives its URL',
  }),
} as const;

export type CallName = keyof typeof CALLS;

/**
 * The target of a path written out (tests, and the e2e specs through `window.__capture`): the
 * listed entry of that method whose template the path fits, on `host` when several do. A path
 * off the list throws: it is no call of the contract.
 */
export function callFor(
  method: CallMethod,
  path: string,
  query: Query = {},
  host?: CallHost,
): CallTarget {
  const fits = Object.values(CALLS).filter(
    (entry: CallEntry) =>
      entry.method === method &&
      pathPattern(entry.path).test(path) &&
      (host === undefined || entry.host === host),
  );
  // A literal segment beats a parameter (GET /jobs/default before /jobs/{id}).
  const entry = fits.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
  if (!entry) throw new Error(`${method} ${path} is not on the call list`);
  return callAt(entry, path, query as never);
}

const paramCount = (template: string) => template.split('{').length - 1;
