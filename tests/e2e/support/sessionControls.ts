// The session-start prompts', read-only users' and analytics' test controls
// (server/sessionTestControls.ts, plus POST /__test/tos), for e2e specs.
import type { Page } from '@playwright/test';
import type {} from './hooks';
import { call as control } from './testControls';

/** New terms for the user to approve (account_info tos_to_approve). */
export async function setTermsToApprove(email: string, version: string): Promise<void> {
  await control('POST', '/__test/tos', { email, version });
}

/** The user's sunset delete date (seconds), or none. */
export async function setSunsetDate(email: string, date: number | null): Promise<void> {
  await control('POST', '/__test/sunset', { email, date });
}

/** account_info isBeingShutDown for the user (the paid-service transition notice). */
export async function setBeingShutDown(email: string, value: boolean): Promise<void> {
  await control('POST', '/__test/being_shut_down', { email, value });
}

export async function setReadOnly(email: string, readOnly: boolean): Promise<void> {
  await control('POST', '/__test/read_only', { email, read_only: readOnly });
}

export interface CardCta {
  label: string;
  dismiss_on_tap: boolean;
  web_action?: { action_type: string; url: string } | null;
}

/** A full-screen card for the user; its id. */
export async function addCard(
  email: string,
  card: { priority?: number; template?: string; client_values: Record<string, unknown> },
): Promise<string> {
  const res = await control('POST', '/__test/full_screen_cards', { email, ...card });
  return ((await res.json()) as { card_id: string }).card_id;
}

/** Every card of the user with when it was dismissed (null: not yet). */
export async function cardsOf(
  email: string,
): Promise<{ card_id: string; dismissed: number | null }[]> {
  const res = await control('GET', `/__test/full_screen_cards?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { cards: { card_id: string; dismissed: number | null }[] }).cards;
}

export interface StoredStatistics {
  events: { event_name: string; created_at: number; event_data: unknown; session_id: string }[];
  client_stats: { last_foreground: number; last_engaged: number | null }[];
}

/** What the statistics calls stored for the user (the server's request log). */
export async function statisticsOf(email: string): Promise<StoredStatistics> {
  const res = await control('GET', `/__test/statistics?email=${encodeURIComponent(email)}`);
  return (await res.json()) as StoredStatistics;
}

/**
 * Records every popup kind the app queues from now on (window.__popupKinds): the subscription
 * dialog belongs to another feature, so a spec checks that it was asked for, whatever shows it.
 */
export async function recordPopupKinds(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(window.__capture?.stores.popups));
  await page.evaluate(() => {
    const log: string[] = [];
    const seen = new Set<number>();
    (window as unknown as { __popupKinds: string[] }).__popupKinds = log;
    window.__capture!.stores.popups.subscribe((state) => {
      for (const popup of state.queue) {
        if (seen.has(popup.id)) continue;
        seen.add(popup.id);
        log.push(popup.kind);
      }
    });
  });
}

export function popupKinds(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __popupKinds: string[] }).__popupKinds]);
}
