import { randomUUID } from 'node:crypto';
import { stmt, type Db } from './open';

// SPEC §3 Full-screen card: one user's cards, listed until dismissed.

interface CardRow {
  card_id: string;
  priority: number;
  template: string;
  client_values: string;
}

/** A card as answered (client_values parsed back from the stored JSON). */
export interface StoredCard {
  card_id: string;
  priority: number;
  template: string;
  client_values: unknown;
}

const answer = (row: CardRow): StoredCard => ({
  card_id: row.card_id,
  priority: row.priority,
  template: row.template,
  client_values: JSON.parse(row.client_values) as unknown,
});

/** The user's cards not yet dismissed, highest priority first, then oldest first. */
export function activeCards(db: Db, userId: number): StoredCard[] {
  return stmt<[number], CardRow>(
    db,
    `SELECT card_id, priority, template, client_values FROM full_screen_cards
     WHERE user_id = ? AND dismissed IS NULL ORDER BY priority DESC, id`,
  )
    .all(userId)
    .map(answer);
}

/** Every card of the user with when it was dismissed (tests). */
export function allCards(db: Db, userId: number): (StoredCard & { dismissed: number | null })[] {
  return stmt<[number], CardRow & { dismissed: number | null }>(
    db,
    `SELECT card_id, priority, template, client_values, dismissed FROM full_screen_cards
     WHERE user_id = ? ORDER BY id`,
  )
    .all(userId)
    .map((row) => ({ ...answer(row), dismissed: row.dismissed }));
}

export function addCard(
  db: Db,
  userId: number,
  card: { priority: number; template: string; client_values: unknown },
  now: number,
): string {
  const cardId = randomUUID();
  stmt(
    db,
    `INSERT INTO full_screen_cards (card_id, user_id, priority, template, client_values, created)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(cardId, userId, card.priority, card.template, JSON.stringify(card.client_values), now);
  return cardId;
}

/**
 * Dismisses one of the user's cards: false when the user has no such card (another user's card
 * is the same as none). Dismissing again keeps the first time.
 */
export function dismissCard(db: Db, userId: number, cardId: string, now: number): boolean {
  const found = stmt<[string, number], { dismissed: number | null }>(
    db,
    'SELECT dismissed FROM full_screen_cards WHERE card_id = ? AND user_id = ?',
  ).get(cardId, userId);
  if (!found) return false;
  if (found.dismissed === null) {
    stmt(db, 'UPDATE full_screen_cards SET dismissed = ? WHERE card_id = ?').run(now, cardId);
  }
  return true;
}
