import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_DELETION_SECONDS,
  CONSENT_KEYS,
  DATA_REQUEST_REPEAT_SECONDS,
  LEGACY_CHOICES,
  LegacyContactSchema,
  type ConsentUpdate,
  type ConsentValues,
  type DataAccessAvailability,
  type DigitalLegacy,
  type LegacyChoice,
  type LegacyContact,
} from '../../src/api/contract/privacy';
import { stmt, type Db } from './open';
import type { UserRow } from './users';

// SPEC §3 Consents and Digital legacy, §9 data request and account deletion: columns of users.

export function consentValues(user: UserRow): ConsentValues {
  let stored: Record<string, unknown> = {};
  try {
    stored = user.consents ? (JSON.parse(user.consents) as Record<string, unknown>) : {};
  } catch {
    stored = {};
  }
  return Object.fromEntries(
    CONSENT_KEYS.map((key) => [key, stored[key] === true]),
  ) as ConsentValues;
}

/** Stores the given consents over the others; answers every consent's value after. */
export function updateConsents(db: Db, userId: number, update: ConsentUpdate): ConsentValues {
  return db.transaction(() => {
    const user = stmt<[number], UserRow>(db, 'SELECT * FROM users WHERE id = ?').get(userId);
    if (!user) throw new Error('no such user');
    const next = { ...consentValues(user), ...update };
    stmt(db, 'UPDATE users SET consents = ? WHERE id = ?').run(JSON.stringify(next), userId);
    return next;
  })();
}

export function dataAccessAvailability(user: UserRow, now: number): DataAccessAvailability {
  const at =
    user.data_request_at === null ? null : user.data_request_at + DATA_REQUEST_REPEAT_SECONDS;
  return at !== null && at > now
    ? { available: false, available_at: at }
    : { available: true, available_at: null };
}

/** Records a data request unless one was made in the last 24 hours (then false). */
export function requestDataAccess(db: Db, user: UserRow, now: number): boolean {
  if (!dataAccessAvailability(user, now).available) return false;
  stmt(db, 'UPDATE users SET data_request_at = ? WHERE id = ?').run(now, user.id);
  return true;
}

/**
 * SPEC §4 account deletion: requested now (a second request keeps the first date), every session
 * of the user revoked at once; the account closes ACCOUNT_DELETION_SECONDS later (closeIfDue).
 */
export function requestAccountDeletion(db: Db, user: UserRow, now: number): number {
  return db.transaction(() => {
    const requested = user.deletion_requested_at ?? now;
    stmt(db, 'UPDATE users SET deletion_requested_at = ? WHERE id = ?').run(requested, user.id);
    stmt(db, 'DELETE FROM sessions WHERE user_id = ?').run(user.id);
    return requested + ACCOUNT_DELETION_SECONDS;
  })();
}

/**
 * An account whose deletion was requested over the grace period ago is closed: disabled (every
 * call then answers the account-terminated error), its sessions gone, and the "completed" email
 * of SPEC §4 put in the outbox. True when the account is (now) closed.
 */
export function closeIfDue(db: Db, user: UserRow, now: number): boolean {
  if (user.deletion_requested_at === null) return false;
  if (user.deletion_requested_at + ACCOUNT_DELETION_SECONDS > now) return false;
  if (user.disabled) return true;
  db.transaction(() => {
    stmt(db, 'UPDATE users SET disabled = 1 WHERE id = ?').run(user.id);
    stmt(db, 'DELETE FROM sessions WHERE user_id = ?').run(user.id);
    stmt(
      db,
      `INSERT INTO outbox (job, from_user, to_email, subject, message, link, created)
       VALUES (0, ?, ?, 'Your account is deleted', 'Your account and its files are deleted.', '', ?)`,
    ).run(user.id, user.email, now);
  })();
  user.disabled = 1;
  return true;
}

export function digitalLegacy(user: UserRow): DigitalLegacy {
  const choice = LEGACY_CHOICES.find((c) => c === user.legacy_choice) ?? null;
  let contacts: LegacyContact[] = [];
  if (choice === 'provide_content_to_contact' && user.legacy_contact) {
    try {
      const parsed = LegacyContactSchema.safeParse(JSON.parse(user.legacy_contact));
      if (parsed.success) contacts = [parsed.data];
    } catch {
      contacts = [];
    }
  }
  return { choice, digital_legacy_data: { contact_information: contacts } };
}

/** The choice and, for "provide to contact" only, its one contact (validated by the caller). */
export function setDigitalLegacy(
  db: Db,
  userId: number,
  choice: LegacyChoice,
  contact: LegacyContact | null,
): void {
  stmt(db, 'UPDATE users SET legacy_choice = ?, legacy_contact = ? WHERE id = ?').run(
    choice,
    contact ? JSON.stringify(contact) : null,
    userId,
  );
}

/** The user's email consent identifier (the unsubscribe link's id), made on first use. */
export function emailConsentIdOf(db: Db, user: UserRow): string {
  if (user.email_consent_id) return user.email_consent_id;
  const id = randomBytes(16).toString('hex');
  stmt(db, 'UPDATE users SET email_consent_id = ? WHERE id = ?').run(id, user.id);
  user.email_consent_id = id;
  return id;
}

export function userByEmailConsentId(db: Db, id: string): UserRow | undefined {
  return stmt<[string], UserRow>(db, 'SELECT * FROM users WHERE email_consent_id = ?').get(id);
}
