import { createStore } from 'zustand/vanilla';
import { TOAST_AUTO_DISMISS_MS } from '../domain/constants';
import type { Message } from './message';

export type ToastKind = 'success' | 'error' | 'info' | 'progress';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: Message;
  action?: { label: Message; run: () => void };
  /** null: stays until dismissed by code (SPEC §8: in-progress toasts have no dismiss). */
  durationMs: number | null;
}

export interface ToastInput {
  kind?: ToastKind;
  message: Message;
  action?: Toast['action'];
  durationMs?: number | null;
}

interface ToastState {
  toasts: Toast[];
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  /** Replaces a shown toast's message (a progress toast counting up); no-op once dismissed. */
  update: (id: number, message: Message) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * SPEC §8: toasts auto-dismiss after 4000 ms (callers pass 5500 for an album copy failure);
 * progress toasts (deleting, restoring, copying, preparing download) stay until replaced.
 */
export const toastStore = createStore<ToastState>()((set, get) => ({
  toasts: [],
  show(input) {
    const kind = input.kind ?? 'success';
    const durationMs =
      input.durationMs !== undefined
        ? input.durationMs
        : kind === 'progress'
          ? null
          : TOAST_AUTO_DISMISS_MS;
    const toast: Toast = { id: nextId++, kind, message: input.message, durationMs };
    if (input.action) toast.action = input.action;
    set((state) => ({ toasts: [...state.toasts, toast] }));
    if (durationMs !== null)
      timers.set(
        toast.id,
        setTimeout(() => get().dismiss(toast.id), durationMs),
      );
    return toast.id;
  },
  update(id, message) {
    set((state) =>
      state.toasts.some((t) => t.id === id)
        ? { toasts: state.toasts.map((t) => (t.id === id ? { ...t, message } : t)) }
        : state,
    );
  },
  dismiss(id) {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

export const showToast = (input: ToastInput): number => toastStore.getState().show(input);
export const dismissToast = (id: number): void => toastStore.getState().dismiss(id);
export const updateToast = (id: number, message: Message): void =>
  toastStore.getState().update(id, message);
