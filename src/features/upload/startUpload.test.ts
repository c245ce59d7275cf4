import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountInfo } from '../../api/contract/account';
import { accountInfoQuery } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { popupStore } from '../../state/popups';
import { toastStore } from '../../state/toasts';
import { startUpload } from './startUpload';

const addFiles = vi.fn(() => Promise.resolve());
vi.mock('./uploader', () => ({
  isUploadQueueConnected: () => true,
  connectedInstance: () => ({ addFiles }),
}));

const file = { file: new File(['x'], 'a.jpg', { type: 'image/jpeg' }) };
const target = { kind: 'timeline' } as unknown as Parameters<typeof startUpload>[1];

function signIn(readOnly: boolean) {
  queryClient.setQueryData(accountInfoQuery.queryKey, {
    is_read_only_user: readOnly,
  } as AccountInfo);
}

afterEach(() => {
  queryClient.clear();
  toastStore.setState({ toasts: [] });
  addFiles.mockClear();
});

describe('startUpload', () => {
  it('hands the batch to the queue for a subscriber', async () => {
    signIn(false);
    await startUpload([file], target);
    expect(addFiles).toHaveBeenCalledWith([file], target);
  });

  it('refuses a read-only user (SPEC §6) with the subscribe text, queueing nothing', async () => {
    signIn(true);
    await startUpload([file], target);
    expect(addFiles).not.toHaveBeenCalled();
    const [toast] = toastStore.getState().toasts;
    expect(toast.message).toEqual({ key: 'readOnly.tooltip' });
    expect(toast.action?.label).toEqual({ key: 'readOnly.subscribe' });
    // Its action opens the subscription dialog.
    toast.action?.run();
    expect(popupStore.getState().queue.map((p) => p.kind)).toEqual(['Subscription']);
    popupStore.setState({ queue: [] });
  });
});
