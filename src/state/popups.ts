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

interface PopupState {
  queue: Popup[];
  silencedUntil: Record<string, number>;
  enqueue: (kind: string, props?: Record<string, unknown>, now?: number) => number | null;
  dismiss: (id: number) => void;
  silence: (kind: string, untilMs: number) => void;
}

let nextId = 1;

export const popupStore = createStore<PopupState>()((set, get) => ({
  queue: [],
  silencedUntil: {},
  enqueue(kind, props, now = Date.now()) {
    const { queue, silencedUntil } = get();
    if ((silencedUntil[kind] ?? 0) > now) return null;
    // The same kind twice in a row would show the same popup again right after it is closed.
    if (queue.some((p) => p.kind === kind)) return null;
    const popup: Popup = { id: nextId++, kind };
    if (props) popup.props = props;
    set({ queue: [...queue, popup] });
    return popup.id;
  },
  dismiss(id) {
    set((state) => ({ queue: state.queue.filter((p) => p.id !== id) }));
  },
  silence(kind, untilMs) {
    set((state) => ({ silencedUntil: { ...state.silencedUntil, [kind]: untilMs } }));
  },
}));
