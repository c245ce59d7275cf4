import { insertFreeGrant } from './users';
import { stmt, type Db } from './open';

/** Per-user key/value stores: user options (SPEC §7 /options) and account attributes. */
type Store = 'user_options' | 'account_attributes';

/** Bounds so one account cannot grow the database without limit. */
export const MAX_KEYS_PER_USER = 1000;

export function getValue(db: Db, store: Store, userId: number, key: string): string | null {
  return (
    stmt<[number, string], { value: string }>(
      db,
      `SELECT value FROM ${store} WHERE user_id = ? AND key = ?`,
    ).get(userId, key)?.value ?? null
  );
}

/** Sets a value; false when the user already holds MAX_KEYS_PER_USER other keys. */
export function setValue(db: Db, store: Store, userId: number, key: string, value: string) {
  return db.transaction(() => {
    const exists = getValue(db, store, userId, key) !== null;
    if (!exists) {
      const { n } = stmt<[number], { n: number }>(
        db,
        `SELECT COUNT(*) AS n FROM ${store} WHERE user_id = ?`,
      ).get(userId) ?? { n: 0 };
      if (n >= MAX_KEYS_PER_USER) return false;
    }
    stmt(db, `INSERT OR REPLACE INTO ${store} (user_id, key, value) VALUES (?, ?, ?)`).run(
      userId,
      key,
      value,
    );
    return true;
  })();
}

export function deleteValue(db: Db, store: Store, userId: number, key: string): boolean {
  return (
    stmt(db, `DELETE FROM ${store} WHERE user_id = ? AND key = ?`).run(userId, key).changes > 0
  );
}

export interface GrantRow {
  source: string;
  size_gb: number;
  renews_at: number | null;
  expires_at: number | null;
  stripe_product_id: string | null;
}

export function grantsOf(db: Db, userId: number): GrantRow[] {
  return stmt<[number], GrantRow>(
    db,
    `SELECT source, size_gb, renews_at, expires_at, stripe_product_id FROM grants
     WHERE user_id = ? ORDER BY id`,
  ).all(userId);
}

/** Libraries seeded before grants existed: every user gets the free grant of their max space. */
export function backfillGrants(db: Db): void {
  const users = db
    .prepare('SELECT id, max_space FROM users WHERE id NOT IN (SELECT user_id FROM grants)')
    .all() as { id: number; max_space: number }[];
  db.transaction(() => {
    for (const user of users) insertFreeGrant(db, user.id, user.max_space);
  })();
}

export function setName(db: Db, userId: number, name: string): void {
  stmt(db, 'UPDATE users SET name = ? WHERE id = ?').run(name, userId);
}

export function setProfilePicture(db: Db, userId: number, key: string | null): void {
  stmt(db, 'UPDATE users SET profile_picture = ? WHERE id = ?').run(key, userId);
}

export function userIdByPictureKey(db: Db, key: string): number | null {
  return (
    stmt<[string], { id: number }>(db, 'SELECT id FROM users WHERE profile_picture = ?').get(key)
      ?.id ?? null
  );
}
