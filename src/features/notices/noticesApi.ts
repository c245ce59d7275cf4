import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import {
  FullScreenCardsResponseSchema,
  usableCards,
  type GenericMessageCard,
} from '../../api/contract/fullScreenCards';
import { ApproveTosResponseSchema } from '../../api/contract/terms';
import { AccountAttributeResponseSchema } from '../../api/contract/user';
import { TRANSITION_NOTICE_DISMISSED_ATTRIBUTE } from '../../domain/paidTransition';
import { api } from '../../platform/api';

// SPEC §7 calls of the session-start prompts: terms, full-screen cards, and the account attribute
// that remembers the paid-service transition notice's dismissal.

/**
 * GET /v2/full_screen_cards: the cards this client can show, highest priority first (other
 * templates and malformed entries left out, `usableCards`). Read once a session: a card that
 * fails to load is no reason to bother the user again.
 */
export const fullScreenCardsQuery = queryOptions({
  queryKey: ['full_screen_cards'],
  queryFn: async ({ signal }): Promise<GenericMessageCard[]> => {
    const { data } = await api().request({
      call: callTo(CALLS.fullScreenCards),
      schema: FullScreenCardsResponseSchema,
      signal,
    });
    return usableCards(data.backend_controlled_cards);
  },
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
});

/** POST /approve_tos: approves (accepted) or declines the given terms version. */
export async function answerTerms(version: string, accepted: boolean): Promise<void> {
  await api().request({
    call: callTo(CALLS.approveTos),
    body: accepted ? { tos_version: version } : { tos_version: version, accepted: false },
    schema: ApproveTosResponseSchema,
  });
}

/** POST /full_screen_cards/{id}/dismiss. SPEC §8: a failure is only logged. */
export async function dismissCard(cardId: string): Promise<void> {
  try {
    await api().request({
      call: callTo(CALLS.dismissFullScreenCard, { id: cardId }),
      responseType: 'none',
    });
  } catch (error) {
    console.warn('[cards] dismissal not saved', error);
  }
}

const transitionAttribute = { account_attribute_key: TRANSITION_NOTICE_DISMISSED_ATTRIBUTE };
/** The attribute's value once dismissed (SPEC §7: POST's body is the value, `result` echoes it). */
const DISMISSED = 'true';

/**
 * GET /account_attribute: whether this account dismissed the paid-service transition notice (the
 * SPEC §4 account-attributes resource load: `resourceLoadOf` of this query).
 */
export const transitionDismissedQuery = queryOptions({
  queryKey: ['account_attribute', TRANSITION_NOTICE_DISMISSED_ATTRIBUTE],
  queryFn: async ({ signal }): Promise<boolean> => {
    const { data } = await api().request({
      call: callTo(CALLS.readAccountAttribute, {}, transitionAttribute),
      schema: AccountAttributeResponseSchema,
      signal,
    });
    return data.result === DISMISSED;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** POST /account_attribute: the notice stays dismissed for this account, on every device. */
export async function rememberTransitionDismissed(): Promise<void> {
  await api().request({
    call: callTo(CALLS.writeAccountAttribute, {}, transitionAttribute),
    body: DISMISSED,
    schema: AccountAttributeResponseSchema,
  });
}
