import { z } from 'zod';
import { lazySchema } from '../../api/contract/lazySchema';
import type { AccountInfo } from '../../api/contract/account';
import {
  SUBSCRIPTION_POPUP,
  SUNSET_DELETION_POPUP,
  TERMS_OF_SERVICE_POPUP,
} from '../../state/popups';
import { readJson, writeJson } from '../../state/persisted';

/** What a signed-in account asks of the modal queue at the start of a session (SPEC §4). */
export interface AccountPrompt {
  kind: typeof SUBSCRIPTION_POPUP | typeof TERMS_OF_SERVICE_POPUP | typeof SUNSET_DELETION_POPUP;
  props: Record<string, unknown>;
}

/**
 * SPEC §4: the subscription dialog for a read-only user ("Subscription queued for read-only
 * users"), once a session like the rest; terms when `tos_to_approve` is set (every session until approved: declining only
 * closes the prompt); the sunset notice when a delete date is set and this user has not seen it
 * here before.
 */
export function accountPrompts(account: AccountInfo, sunsetSeen: boolean): AccountPrompt[] {
  const prompts: AccountPrompt[] = [];
  if (account.is_read_only_user) prompts.push({ kind: SUBSCRIPTION_POPUP, props: {} });
  if (account.tos_to_approve) {
    prompts.push({
      kind: TERMS_OF_SERVICE_POPUP,
      props: { version: account.tos_to_approve.version },
    });
  }
  if (account.sunset_delete_date !== null && !sunsetSeen) {
    prompts.push({
      kind: SUNSET_DELETION_POPUP,
      props: { date: account.sunset_delete_date, user: account.uuid },
    });
  }
  return prompts;
}

// SPEC §9 hasSeenSunsetDeletionPrompt (local storage): kept as the users who saw it here, so the
// next person signing in on this browser still gets their own notice.
const SeenSchema = lazySchema(() => z.array(z.string().max(64)).max(50));

export function hasSeenSunsetPrompt(user: string): boolean {
  return readJson('hasSeenSunsetDeletionPrompt', SeenSchema)?.includes(user) === true;
}

export function rememberSunsetPromptSeen(user: string): void {
  const seen = readJson('hasSeenSunsetDeletionPrompt', SeenSchema) ?? [];
  if (seen.includes(user)) return;
  writeJson('hasSeenSunsetDeletionPrompt', [...seen, user].slice(-50));
}

// The subscription dialog is offered once per sign-in in this tab (session storage): a reload or
// a deep link of the same session does not put it in front of the page again.
export function subscriptionOffered(user: string): boolean {
  return readJson('subscriptionOffered', SeenSchema)?.includes(user) === true;
}

export function rememberSubscriptionOffered(user: string): void {
  const offered = readJson('subscriptionOffered', SeenSchema) ?? [];
  if (!offered.includes(user)) writeJson('subscriptionOffered', [...offered, user].slice(-50));
}
