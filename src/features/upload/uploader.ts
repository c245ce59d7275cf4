/*
 * The app's one upload manager: the store the UI reads, and the queue runner wired to the real
 * transport, the checksum worker, IndexedDB, the popups and the confirm dialog. Connected once
 * the user is signed in (SPEC §8 internal errors name both mistakes).
 */
import { connectivityStore } from '../../state/connectivity';
import { confirmDialog } from '../../state/dialogs';
import { popupStore } from '../../state/popups';
import { ChecksumClient } from './checksum/ChecksumClient';
import { indexedDbPersistence } from './persistence';
import { UploadQueue, type UploadQueueDeps } from './queue';
import { httpUploadTransport } from './httpTransport';
import { createUploadStore } from './uploadStore';

export const NOT_CONNECTED = 'Must connectUploadQueue before fetching the connectedInstance';
export const ONLY_ONE_MANAGER = 'There can only be one upload manager';

/** The upload store of the app: the panel, the drop zone and the button read it. */
export const uploadStore = createUploadStore();

let instance: { queue: UploadQueue; dispose: () => void } | null = null;

export function connectUploadQueue(overrides: Partial<UploadQueueDeps> = {}): UploadQueue {
  if (instance) throw new Error(ONLY_ONE_MANAGER);
  const hasher = new ChecksumClient();
  const queue = new UploadQueue({
    store: uploadStore,
    transport: httpUploadTransport,
    hasher,
    persistence: typeof indexedDB === 'undefined' ? null : indexedDbPersistence(),
    showPopup: (kind) => popupStore.getState().enqueue(kind),
    confirmStop: () =>
      confirmDialog({
        title: { key: 'upload.stop.title' },
        body: { key: 'upload.stop.body' },
        confirmLabel: { key: 'common.yes' },
        cancelLabel: { key: 'common.no' },
        destructive: true,
      }),
    ...overrides,
  });
  // SPEC §4 connectivity: while the app is offline nothing starts and the panel says so; back
  // online, the 4 s countdown and a retry (issue 34.8).
  const follow = (online: boolean) =>
    online ? uploadStore.getState().networkBack() : uploadStore.getState().networkLost();
  if (!connectivityStore.getState().online) follow(false);
  const unfollow = connectivityStore.subscribe((state, previous) => {
    if (state.online !== previous.online) follow(state.online);
  });
  instance = {
    queue,
    dispose: () => {
      unfollow();
      queue.dispose();
      hasher.dispose();
    },
  };
  return queue;
}

export function connectedInstance(): UploadQueue {
  if (!instance) throw new Error(NOT_CONNECTED);
  return instance.queue;
}

export function isUploadQueueConnected(): boolean {
  return instance !== null;
}

/** On sign-out: stops the runner; the saved queue stays for the same account's next visit. */
export function disconnectUploadQueue(): void {
  instance?.dispose();
  instance = null;
  uploadStore.getState().reset();
}
