import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAccountInfo } from '../../platform/queries';
import { afterStart } from '../../platform/afterStart';
import { FULL_SCREEN_MESSAGE_POPUP, popupStore, SUBSCRIPTION_POPUP } from '../../state/popups';
import { useLoginStatus } from '../../state/session';
import { fullScreenCardsQuery } from './noticesApi';
import {
  accountPrompts,
  hasSeenSunsetPrompt,
  rememberSubscriptionOffered,
  subscriptionOffered,
} from './sessionPrompts';

/**
 * Queues the prompts of a session (SPEC §4 Modal queue) once it is signed in: terms, sunset
 * notice, then the full-screen cards. Once per session: a new sign-in (or a reload) asks again,
 * a refresh of the account does not. Renders nothing; the popup host shows them one at a time.
 */
export function SessionPrompts() {
  const signedIn = useLoginStatus() === 'AUTHENTICATED';
  const account = useAccountInfo().data;
  const cardsWanted = useAfterStart(signedIn);
  const cards = useQuery({ ...fullScreenCardsQuery, enabled: signedIn && cardsWanted });
  const promptedFor = useRef<string | null>(null);
  const cardsFor = useRef<string | null>(null);

  useEffect(() => {
    if (!signedIn) {
      promptedFor.current = null;
      cardsFor.current = null;
      return;
    }
    if (!account || promptedFor.current === account.uuid) return;
    promptedFor.current = account.uuid;
    for (const prompt of accountPrompts(account, hasSeenSunsetPrompt(account.uuid))) {
      if (prompt.kind === SUBSCRIPTION_POPUP) {
        if (subscriptionOffered(account.uuid)) continue;
        rememberSubscriptionOffered(account.uuid);
      }
      popupStore.getState().enqueue(prompt.kind, prompt.props);
    }
  }, [signedIn, account]);

  useEffect(() => {
    // SPEC §8 lists no message for it: a list that fails to load leaves the session alone.
    if (cards.error) console.warn('[cards] full-screen cards not loaded', cards.error);
  }, [cards.error]);

  useEffect(() => {
    if (!signedIn || !account || !cards.data || cardsFor.current === account.uuid) return;
    cardsFor.current = account.uuid;
    if (cards.data.length > 0) popupStore.getState().enqueue(FULL_SCREEN_MESSAGE_POPUP);
  }, [signedIn, account, cards.data]);

  return null;
}

/**
 * True a few seconds after sign-in, once the browser is idle: the cards are asked for after the
 * first screen, not in front of it (issue 19, second visit: one request fewer on the way; an idle
 * callback alone came between the first calls).
 */
function useAfterStart(signedIn: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!signedIn || ready) return undefined;
    return afterStart(() => setReady(true));
  }, [signedIn, ready]);
  return ready;
}
