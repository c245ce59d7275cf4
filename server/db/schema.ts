import type Database from 'better-sqlite3';

// The contract server's SQLite schema: the tables, the columns added since the first release
// (an existing DATA_DIR upgrades in place when opened) and the indexes of `files`.

/**
 * Tables without the secondary indexes of `files`: the seeder bulk-inserts first and builds
 * those afterwards (far faster than maintaining them row by row); `ensureIndexes` adds them.
 */
const TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL UNIQUE,
  name TEXT,
  password_hash TEXT NOT NULL,
  max_space INTEGER NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0,
  read_only INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  token_hash TEXT NOT NULL UNIQUE,
  device_id TEXT,
  device_name TEXT,
  created INTEGER NOT NULL,
  last_used INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id);
CREATE TABLE IF NOT EXISTS jobs (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  owner_id INTEGER NOT NULL REFERENCES users(id),
  type TEXT NOT NULL,
  title TEXT,
  ctime INTEGER NOT NULL,
  mtime INTEGER NOT NULL,
  last_update INTEGER NOT NULL,
  last_serial INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS jobs_owner ON jobs(owner_id, type);
-- kind: 0 picture, 1 movie, 2 document. group_type: 0 none, 1 live, 2 burst.
-- capture_time = ctime ?? mtime, so the timeline needs one column and one index.
-- blob: stored content of an upload; NULL for synthetic (seeded) files.
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  tag INTEGER NOT NULL,
  job INTEGER NOT NULL,
  path TEXT NOT NULL,
  ctime INTEGER,
  mtime INTEGER NOT NULL,
  capture_time INTEGER NOT NULL,
  uploaded INTEGER NOT NULL,
  size INTEGER NOT NULL,
  width INTEGER NOT NULL DEFAULT 0,
  height INTEGER NOT NULL DEFAULT 0,
  duration REAL NOT NULL DEFAULT 0,
  kind INTEGER NOT NULL,
  screenshot INTEGER NOT NULL DEFAULT 0,
  checksum TEXT,
  group_type INTEGER NOT NULL DEFAULT 0,
  group_id TEXT,
  master INTEGER NOT NULL DEFAULT 0,
  blob TEXT,
  deleted INTEGER NOT NULL DEFAULT 0,
  dtime INTEGER
);
-- Per job and UTC day (yyyymmdd) counts of non-deleted files: timeline sections and account
-- totals come from here, never from scanning files. pictures/videos/screenshots count only what
-- the timeline shows (no non-master video of a live/burst group), bytes every file; the rule is
-- in db/files.ts (adjustDayCounts); db/dayCounts.ts rebuilds it (DAY_COUNTS_VERSION in meta).
CREATE TABLE IF NOT EXISTS day_counts (
  job INTEGER NOT NULL,
  day INTEGER NOT NULL,
  pictures INTEGER NOT NULL DEFAULT 0,
  videos INTEGER NOT NULL DEFAULT 0,
  screenshots INTEGER NOT NULL DEFAULT 0,
  documents INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (job, day)
) WITHOUT ROWID;
-- Job change log (SPEC §3 change types): serial is per job and equals jobs.last_serial after the
-- change; ref is a public file id (or comment id). Seeded jobs start at serial 1 with no rows.
CREATE TABLE IF NOT EXISTS changes (
  job INTEGER NOT NULL,
  serial INTEGER NOT NULL,
  type INTEGER NOT NULL,
  ref TEXT NOT NULL,
  PRIMARY KEY (job, serial)
) WITHOUT ROWID;
-- Uploaded content, one row per distinct sha1 (files.blob references it): what was learnt when
-- it was processed, so a duplicate upload or files_dedup reuses it without decoding again.
CREATE TABLE IF NOT EXISTS blobs (
  sha1 TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  width INTEGER NOT NULL DEFAULT 0,
  height INTEGER NOT NULL DEFAULT 0,
  duration REAL NOT NULL DEFAULT 0,
  capture_time INTEGER,
  metadata TEXT,
  encoding TEXT NOT NULL DEFAULT 'done',
  created INTEGER NOT NULL
) WITHOUT ROWID;
-- Content a user permanently deleted (once_only uploads answer 'deleted' for it).
CREATE TABLE IF NOT EXISTS deleted_checksums (
  job INTEGER NOT NULL,
  checksum TEXT NOT NULL,
  dtime INTEGER NOT NULL,
  PRIMARY KEY (job, checksum)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS user_options (
  user_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS account_attributes (
  user_id INTEGER NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
-- Storage grants (SPEC §3 userGrants); size in GB.
CREATE TABLE IF NOT EXISTS grants (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  source TEXT NOT NULL,
  size_gb REAL NOT NULL,
  renews_at INTEGER,
  expires_at INTEGER,
  stripe_product_id TEXT
);
CREATE INDEX IF NOT EXISTS grants_user ON grants(user_id);
-- Albums shared with a user (not the owner).
CREATE TABLE IF NOT EXISTS job_members (
  job INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  joined INTEGER NOT NULL,
  PRIMARY KEY (job, user_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS job_members_user ON job_members(user_id);
-- SPEC §3 Comment: on a file of an album; deleted comments stay as tombstones (deleted = 1).
CREATE TABLE IF NOT EXISTS comments (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  job INTEGER NOT NULL,
  file INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  text TEXT NOT NULL,
  created INTEGER NOT NULL,
  edited INTEGER,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS comments_file ON comments(job, file, created);
-- SPEC §1/§6: a visitor without an account comments on a shared album under a name they typed.
-- The token is stored as its SHA-256 only; key_hash binds it to the album's password of the
-- time (NULL: none), so a new password ends it. Their comments have user_id 0 and visitor_id.
CREATE TABLE IF NOT EXISTS visitors (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  job INTEGER NOT NULL,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  key_hash TEXT,
  created INTEGER NOT NULL,
  expires INTEGER NOT NULL
);
-- SPEC §3 Reaction: per file and per user in an album (love, favorite).
CREATE TABLE IF NOT EXISTS reactions (
  job INTEGER NOT NULL,
  file INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  created INTEGER NOT NULL,
  PRIMARY KEY (job, file, user_id)
) WITHOUT ROWID;
-- SPEC §5 email shares: kept here, never sent (the contract server sends no mail); the tests
-- read it through GET /__test/outbox.
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY,
  job INTEGER NOT NULL,
  from_user INTEGER NOT NULL,
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  link TEXT NOT NULL,
  created INTEGER NOT NULL
);
-- The daily budget of email-share recipients per user (routes/shares.ts, issue 33).
CREATE INDEX IF NOT EXISTS outbox_from_user ON outbox(from_user, created);
-- SPEC §3 Full-screen card: a user's cards; client_values is the template's JSON as stored.
-- A dismissed card (dismissed = seconds) is never listed again.
CREATE TABLE IF NOT EXISTS full_screen_cards (
  id INTEGER PRIMARY KEY,
  card_id TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL,
  priority INTEGER NOT NULL,
  template TEXT NOT NULL,
  client_values TEXT NOT NULL,
  created INTEGER NOT NULL,
  dismissed INTEGER
);
CREATE INDEX IF NOT EXISTS full_screen_cards_user ON full_screen_cards(user_id, dismissed);
-- SPEC §7 user statistics events and client stats, kept as received (only with consent).
CREATE TABLE IF NOT EXISTS statistics_events (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  device_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  event_name TEXT NOT NULL,
  event_data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  received INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS statistics_events_user ON statistics_events(user_id);
CREATE TABLE IF NOT EXISTS client_stats (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  device_id TEXT,
  last_foreground INTEGER NOT NULL,
  last_engaged INTEGER,
  received INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS client_stats_user ON client_stats(user_id);
-- The payment-provider emulator (SPEC §7 Payments; db/payments.ts): a customer per user, the
-- cards confirmed through setup intents (number never kept: brand, last 4, expiry and the
-- test card's behaviour), subscriptions, and the charges made.
CREATE TABLE IF NOT EXISTS stripe_customers (
  user_id INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  default_pm TEXT,
  -- No longer written: moved to users.trial_used (issue 33), read once to carry it over.
  trial_used INTEGER NOT NULL DEFAULT 0,
  -- SPEC §1: web purchases impossible where this user is (a test control sets it).
  web_blocked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS stripe_setup_intents (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  client_secret TEXT NOT NULL,
  status TEXT NOT NULL,
  card TEXT,
  created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS stripe_payment_methods (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  behaviour TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS stripe_subscriptions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  product_id TEXT NOT NULL,
  status TEXT NOT NULL,
  current_period_end INTEGER NOT NULL,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  upcoming_product_id TEXT,
  created INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS stripe_subscriptions_user ON stripe_subscriptions(user_id);
CREATE TABLE IF NOT EXISTS stripe_charges (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS stripe_payment_intents (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  client_secret TEXT NOT NULL,
  subscription_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  change TEXT NOT NULL,
  status TEXT NOT NULL,
  created INTEGER NOT NULL
);
`;

/**
 * Columns added after the first release. SQLite adds a column with a constant default without
 * rewriting the table, so an existing DATA_DIR (seeded with millions of files) upgrades at once.
 */
const ADDED_COLUMNS: readonly [table: string, column: string, ddl: string][] = [
  ['users', 'profile_picture', 'TEXT'],
  // SPEC §6 permissions bit mask: 1 comments, 2 uploads.
  ['jobs', 'permissions', 'INTEGER NOT NULL DEFAULT 3'],
  ['jobs', 'privacy_mode', "TEXT NOT NULL DEFAULT 'private'"],
  ['jobs', 'sort_order', "TEXT NOT NULL DEFAULT 'NEWEST_TAKEN'"],
  ['jobs', 'cover_file', 'INTEGER'],
  // SPEC §5 album password, stored as the client sent it (already transformed); never answered.
  ['jobs', 'password', 'TEXT'],
  // SPEC §4 album deletion: a deleted album goes to the trash for 90 days (dtime, seconds).
  ['jobs', 'deleted', 'INTEGER NOT NULL DEFAULT 0'],
  ['jobs', 'dtime', 'INTEGER'],
  // SPEC §3 File addedBy / §6 "a file is deleted by whoever added it or the owner": the user who
  // uploaded or copied the file in; NULL means the job's owner (every file before this column).
  ['files', 'added_by', 'INTEGER'],
  // SPEC §3 Share isAlbum: a share (type 'share') made of an album names that album here.
  ['jobs', 'share_album', 'INTEGER'],
  // SPEC §3 Consents (JSON of key → boolean; absent keys are false), §9 data request and account
  // deletion (seconds), §3 Digital legacy (choice, and the contact as JSON), and the email
  // consent's identifier (the unsubscribe link's id, made on first use).
  ['users', 'consents', 'TEXT'],
  ['users', 'data_request_at', 'INTEGER'],
  ['users', 'deletion_requested_at', 'INTEGER'],
  ['users', 'legacy_choice', 'TEXT'],
  ['users', 'legacy_contact', 'TEXT'],
  ['users', 'email_consent_id', 'TEXT'],
  // SPEC §3 tos_to_approve: the terms version this user has still to approve (NULL: none), and
  // the last version they approved.
  ['users', 'tos_pending', 'TEXT'],
  ['users', 'tos_approved', 'TEXT'],
  // SPEC §3 sunset_delete_date: when this account's content is deleted (seconds), or NULL.
  ['users', 'sunset_delete_date', 'INTEGER'],
  // SPEC §3 isBeingShutDown: the service is shutting this account's free service down (the
  // paid-service transition notice, SPEC §2). 0 or 1.
  ['users', 'being_shut_down', 'INTEGER NOT NULL DEFAULT 0'],
  // A visitor's comment (routes/visitors.ts): who wrote it when user_id is 0.
  ['comments', 'visitor_id', 'INTEGER'],
  // SPEC §9 free trial, once per user (issue 33: it was on the provider's customer, which the
  // developer page's "delete test payment data" deletes).
  ['users', 'trial_used', 'INTEGER NOT NULL DEFAULT 0'],
];

function addMissingColumns(db: Database.Database): void {
  for (const [table, column, ddl] of ADDED_COLUMNS) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((c) => c.name === column)) {
      db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${ddl}`);
    }
  }
}

/** The secondary indexes of `files` (open.ts: ensureIndexes, dropFileIndexes). */
export const FILE_INDEXES = `
CREATE INDEX IF NOT EXISTS files_job_time ON files(job, capture_time) WHERE deleted = 0;
CREATE INDEX IF NOT EXISTS files_job_trash ON files(job, dtime) WHERE deleted = 1;
-- The documents page (kind 2 = document), newest upload first; documents are ~1% of files.
CREATE INDEX IF NOT EXISTS files_job_documents ON files(job, uploaded) WHERE deleted = 0 AND kind = 2;
-- Duplicate checks of uploads; seeded files have no checksum, so this stays small.
CREATE INDEX IF NOT EXISTS files_job_checksum ON files(job, checksum) WHERE checksum IS NOT NULL;
`;

/** Creates what is missing: the tables, then the columns added since (open.ts, every open). */
export function applySchema(db: Database.Database): void {
  db.exec(TABLES);
  addMissingColumns(db);
  // A DATA_DIR from before users.trial_used: the trials its customers had (a few rows).
  db.exec(`UPDATE users SET trial_used = 1 WHERE trial_used = 0
    AND id IN (SELECT user_id FROM stripe_customers WHERE trial_used = 1)`);
}
