import { createStore } from 'zustand/vanilla';

/**
 * SPEC §2/§3: the popup host shows one popup at a time from a queue; a popup kind can be
 * silenced until a time (e.g. a storage warning dismissed for a while). Kinds are registered by
 * features with the component that renders them (see app/PopupHost).
 */
export interface Popup {
  id: number;
  kind: string;
  props?: Record<string, unknown>;
}

// SPEC §4 Modal queue: "Subscription, TermsOfService, SunsetDeletion, FullScreenMessage, one at a
// time". The subscription dialog's kind (features of issue 17 enqueue it for read-only users).
export const SUBSCRIPTION_POPUP = 'Subscription';
export const TERMS_OF_SERVICE_POPUP = 'TermsOfService';
export const SUNSET_DELETION_POPUP = 'SunsetDeletion';
export const FULL_SCREEN_MESSAGE_POPUP = 'FullScreenMessage';

/**
 * The modal queue's kinds in the SPEC's order: one of them waiting goes ahead of any later one
 * still waiting (and of other kinds, e.g. storage popups, not yet shown), whatever order the
 * calls behind them answered in. The popup on screen is never replaced.
 */
export const MODAL_QUEUE_ORDER: readonly string[] = [
  SUBSCRIPTION_POPUP,
  TERMS_OF_SERVICE_POPUP,
  SUNSET_DELETION_POPUP,
  FULL_SCREEN_MESSAGE_POPUP,
];

const rankOf = (kind: string): number => {
  const rank = MODAL_QUEUE_ORDER.indexOf(kind);
  return rank === -1 ? Number.POSITIVE_INFINITY : rank;
};

interface PopupState {
  queue: Popup[];
  silencedUntil: Record<string, number>;
  /**
   * Queues a popup; null when the kind is silenced or already queued (its props are then merged
   * into the queued one's, the new values winning).
   */
  enqueue: (kind: string, props?: Record<string, unknown>, now?: number) => number | null;
  dismiss: (id: number) => void;
  silence: (kind: string, untilMs: number) => void;
  /** Empties the queue (a signed-out session's popups are not the next user's). */
  clear: () => void;
}

let nextId = 1;

export const popupStore = createStore<PopupState>()((set, get) => ({
  queue: [],
  silencedUntil: {},
  enqueue(kind, props, now = Date.now()) {
    const { queue, silencedUntil } = get();
    if ((silencedUntil[kind] ?? 0) > now) return null;
    // The same kind twice would show the same popup again right after it is closed: the queued
    // one (on screen or waiting) takes the new props instead (SPEC §4: a share copy held for a
    // read-only user rides on the Subscription dialog already queued at sign-in).
    const queued = queue.find((p) => p.kind === kind);
    if (queued) {
      if (props) {
        const merged: Popup = { ...queued, props: { ...queued.props, ...props } };
        set({ queue: queue.map((p) => (p === queued ? merged : p)) });
      }
      return null;
    }
    const popup: Popup = { id: nextId++, kind };
    if (props) popup.props = props;
    const rank = rankOf(kind);
    // Behind the head (on screen) and every waiting popup that goes first.
    const later = queue.findIndex((p, index) => index > 0 && rankOf(p.kind) > rank);
    const at = rank === Number.POSITIVE_INFINITY || later === -1 ? queue.length : later;
    set({ queue: [...queue.slice(0, at), popup, ...queue.slice(at)] });
    return popup.id;
  },
  dismiss(id) {
    set((state) => ({ queue: state.queue.filter((p) => p.id !== id) }));
  },
  silence(kind, untilMs) {
    set((state) => ({ silencedUntil: { ...state.silencedUntil, [kind]: untilMs } }));
  },
  clear() {
    set({ queue: [] });
  },
}));
