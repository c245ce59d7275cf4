import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { applySchema, FILE_INDEXES } from './schema';

// The contract server's database: opened with its schema (schema.ts), the `meta` key-value table,
// and prepared statements compiled once per connection.

export type Db = Database.Database;

export function ensureIndexes(db: Db): void {
  db.exec(FILE_INDEXES);
}

export function dropFileIndexes(db: Db): void {
  db.exec(`DROP INDEX IF EXISTS files_job_time; DROP INDEX IF EXISTS files_job_trash;
    DROP INDEX IF EXISTS files_job_checksum; DROP INDEX IF EXISTS files_job_documents;`);
}

/** Opens (creating if needed) DATA_DIR/capture.db. Indexes are left to the caller (see above). */
export function openDb(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'capture.db'));
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL: commits do not fsync, a crash can only lose the last transactions.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -65536');
  applySchema(db);
  return db;
}

export function getMeta(db: Db, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row?.value ?? null;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
}

export function isEmpty(db: Db): boolean {
  return db.prepare('SELECT 1 FROM users LIMIT 1').get() === undefined;
}

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per connection (hot routes run the same SQL often). */
export function stmt<P extends unknown[] = unknown[], R = unknown>(
  db: Db,
  sql: string,
): Database.Statement<P, R> {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement as unknown as Database.Statement<P, R>;
}
