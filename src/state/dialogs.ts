import { createStore } from 'zustand/vanilla';
import type { Message } from './message';

export interface DialogRequest {
  kind: 'confirm' | 'alert';
  title?: Message;
  body: Message;
  confirmLabel?: Message;
  cancelLabel?: Message;
  /** Styles the confirm button as destructive (delete album, remove device…). */
  destructive?: boolean;
}

export interface QueuedDialog extends DialogRequest {
  id: number;
  resolve: (confirmed: boolean) => void;
}

interface DialogState {
  queue: QueuedDialog[];
  /** Resolves the dialog at the head of the queue; the next one shows (SPEC §4: first in, first out). */
  settle: (id: number, confirmed: boolean) => void;
}

let nextId = 1;

export const dialogStore = createStore<DialogState>()((set, get) => ({
  queue: [],
  settle(id, confirmed) {
    const dialog = get().queue.find((d) => d.id === id);
    if (!dialog) return;
    set((state) => ({ queue: state.queue.filter((d) => d.id !== id) }));
    dialog.resolve(confirmed);
  },
}));

function enqueue(request: DialogRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog: QueuedDialog = { ...request, id: nextId++, resolve };
    dialogStore.setState((state) => ({ queue: [...state.queue, dialog] }));
  });
}

/** Resolves true when confirmed; false on cancel or Escape. */
export const confirmDialog = (request: Omit<DialogRequest, 'kind'>): Promise<boolean> =>
  enqueue({ ...request, kind: 'confirm' });

export const alertDialog = async (request: Omit<DialogRequest, 'kind'>): Promise<void> => {
  await enqueue({ ...request, kind: 'alert' });
};
