import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountInfo } from '../../api/contract/account';
import { accountInfoQuery } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { popupStore } from '../../state/popups';
import { timelineMenuItems } from './timelineMenu';

const t = ((key: string) => key) as unknown as TFunction;

describe('timeline context menu (SPEC §2: open, select, download, delete)', () => {
  const actions = { open: vi.fn(), select: vi.fn(), download: vi.fn(), delete: vi.fn() };

  it('offers open for one file, then select, download and delete', () => {
    const items = timelineMenuItems(['a'], t, actions);
    expect(items.map((i) => i.id)).toEqual(['open', 'select', 'download', 'delete']);
    expect(items.map((i) => i.label)).toEqual([
      'timeline.menu.open',
      'timeline.menu.select',
      'timeline.menu.download',
      'timeline.menu.delete',
    ]);
    items[0].onSelect();
    items[3].onSelect();
    expect(actions.open).toHaveBeenCalledWith('a');
    expect(actions.delete).toHaveBeenCalledWith(['a']);
  });

  it('acts on every file of a selection, without open', () => {
    const items = timelineMenuItems(['a', 'b'], t, actions);
    expect(items.map((i) => i.id)).toEqual(['select', 'download', 'delete']);
    items[1].onSelect();
    expect(actions.download).toHaveBeenCalledWith(['a', 'b']);
  });

  describe('for a read-only user (SPEC §6)', () => {
    afterEach(() => {
      queryClient.clear();
      popupStore.setState({ queue: [] });
    });

    it('keeps add to album listed but unavailable with the reason, then offers Subscribe', () => {
      queryClient.setQueryData(accountInfoQuery.queryKey, {
        is_read_only_user: true,
      } as AccountInfo);
      const addToAlbum = vi.fn();
      const items = timelineMenuItems(['a'], t, { ...actions, addToAlbum });
      expect(items.map((i) => i.id)).toEqual([
        'open',
        'select',
        'download',
        'addToAlbum',
        'delete',
        'subscribe',
      ]);
      const add = items.find((i) => i.id === 'addToAlbum')!;
      expect(add).toMatchObject({ disabled: true, hint: 'readOnly.tooltip' });
      items.at(-1)!.onSelect();
      expect(popupStore.getState().queue.map((p) => p.kind)).toEqual(['Subscription']);
    });

    it('changes nothing for a subscriber', () => {
      queryClient.setQueryData(accountInfoQuery.queryKey, {
        is_read_only_user: false,
      } as AccountInfo);
      const items = timelineMenuItems(['a'], t, { ...actions, addToAlbum: vi.fn() });
      expect(items.some((i) => i.disabled || i.id === 'subscribe')).toBe(false);
    });
  });
});
