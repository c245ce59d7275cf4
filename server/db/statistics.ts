import type { ClientStats, StatisticsEvent } from '../../src/api/contract/statistics';
import { stmt, type Db } from './open';

// SPEC §7 user statistics events and client stats, stored as received.

export function storeEvents(
  db: Db,
  userId: number,
  events: readonly StatisticsEvent[],
  now: number,
): void {
  const insert = stmt(
    db,
    `INSERT INTO statistics_events
       (user_id, device_id, session_id, event_name, event_data, created_at, received)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const event of events) {
      insert.run(
        userId,
        event.device_id,
        event.session_id,
        event.event_name,
        JSON.stringify(event.event_data),
        event.created_at,
        now,
      );
    }
  })();
}

export function storeClientStats(
  db: Db,
  userId: number,
  deviceId: string | null,
  stats: ClientStats,
  now: number,
): void {
  stmt(
    db,
    `INSERT INTO client_stats (user_id, device_id, last_foreground, last_engaged, received)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(userId, deviceId, stats.last_foreground, stats.last_engaged, now);
}

/** What the server received from one user, oldest first (the e2e request log). */
export function statisticsOf(db: Db, userId: number) {
  const events = stmt<[number], Record<string, unknown> & { event_data: string }>(
    db,
    `SELECT device_id, session_id, event_name, event_data, created_at, received
     FROM statistics_events WHERE user_id = ? ORDER BY id`,
  )
    .all(userId)
    .map((row) => ({ ...row, event_data: JSON.parse(row.event_data) as unknown }));
  const clientStats = stmt<[number], Record<string, unknown>>(
    db,
    `SELECT device_id, last_foreground, last_engaged, received
     FROM client_stats WHERE user_id = ? ORDER BY id`,
  ).all(userId);
  return { events, client_stats: clientStats };
}
