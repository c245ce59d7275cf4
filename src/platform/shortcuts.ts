import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Message } from '../state/message';

/**
 * Keys as shown in the shortcut sheet (`?`). Key caps print the same in every language we ship
 * (Shift, Ctrl/Cmd, Enter, Esc, Tab, Home, End, Page Up, Page Down, Delete, F10, letters, + and
 * -); the few that are words are translated: 'space', 'arrows', 'contextMenu'.
 */
export type ShortcutKey = string;
export const TRANSLATED_KEYS = ['space', 'arrows', 'contextMenu'] as const;

export interface Shortcut {
  /** Alternatives ("Space or X"), each a combination pressed together ("Shift + M"). */
  keys: readonly (readonly ShortcutKey[])[];
  /** What it does. */
  label: Message['key'];
}

export interface ShortcutGroup {
  /** Stable id: registering the same id again replaces the group. */
  id: string;
  title: Message['key'];
  shortcuts: readonly Shortcut[];
}

interface ShortcutState {
  groups: readonly ShortcutGroup[];
}

/**
 * The keyboard shortcuts the sheet lists: the shell registers the global ones, a page or feature
 * registers its own while it is on screen (the timeline: the photo grid's keys; the carousel its
 * own), so the sheet shows what works where the user is.
 */
export const shortcutStore = createStore<ShortcutState>()(() => ({ groups: [] }));

/** Adds (or replaces) a group; returns the unregister. */
export function registerShortcuts(group: ShortcutGroup): () => void {
  shortcutStore.setState((state) => ({
    groups: [...state.groups.filter((g) => g.id !== group.id), group],
  }));
  return () =>
    shortcutStore.setState((state) => ({
      groups: state.groups.filter((g) => g !== group),
    }));
}

/** Lists `group` in the sheet while the calling component is mounted. Pass a stable object. */
export function useShortcutGroup(group: ShortcutGroup): void {
  useEffect(() => registerShortcuts(group), [group]);
}

export function useShortcutGroups(): readonly ShortcutGroup[] {
  return useStore(shortcutStore, (state) => state.groups);
}
