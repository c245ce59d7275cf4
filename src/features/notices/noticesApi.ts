import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import {
  FullScreenCardsResponseSchema,
  usableCards,
  type GenericMessageCard,
} from '../../api/contract/fullScreenCards';
import { ApproveTosResponseSchema } from '../../api/contract/terms';
import { OptionResponseSchema } from '../../api/contract/user';
import { TRANSITION_NOTICE_DISMISSED_OPTION } from '../../domain/paidTransition';
import { api } from '../../platform/api';

// SPEC §7 calls of the session-start prompts: terms, full-screen cards, and the option that
// remembers the paid-service transition notice's dismissal.

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

const transitionOption = { key: TRANSITION_NOTICE_DISMISSED_OPTION };

/** GET /options/{key}: whether this user dismissed the paid-service transition notice. */
export const transitionDismissedQuery = queryOptions({
  queryKey: ['options', TRANSITION_NOTICE_DISMISSED_OPTION],
  queryFn: async ({ signal }): Promise<boolean> => {
    const { data } = await api().request({
      call: callTo(CALLS.readOption, transitionOption),
      schema: OptionResponseSchema,
      signal,
    });
    return data.value === true;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** PUT /options/{key}: the notice stays dismissed for this user, on every device. */
export async function rememberTransitionDismissed(): Promise<void> {
  await api().request({
    call: callTo(CALLS.writeOption, transitionOption),
    body: { value: true },
    schema: OptionResponseSchema,
  });
}
