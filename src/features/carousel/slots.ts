import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { yieldToEventLoop } from '../../platform/yieldToEventLoop';
import type { CarouselActionSlot, CarouselPanelSlot } from './types';

interface SlotState {
  actions: readonly CarouselActionSlot[];
  panels: readonly CarouselPanelSlot[];
}

/**
 * Where other features plug into the viewer without touching it: toolbar actions (add to album,
 * share, edit, cast) and side-module parts (comments). Registering the same id again replaces it.
 */
const slotStore = createStore<SlotState>()(() => ({ actions: [], panels: [] }));

function insert<T extends { id: string; order: number }>(list: readonly T[], slot: T): T[] {
  return [...list.filter((s) => s.id !== slot.id), slot].sort((a, b) => a.order - b.order);
}

/** Adds a toolbar action; returns the unregister. */
export function registerCarouselAction(slot: CarouselActionSlot): () => void {
  slotStore.setState((s) => ({ actions: insert(s.actions, slot) }));
  return () => slotStore.setState((s) => ({ actions: s.actions.filter((a) => a !== slot) }));
}

/** Adds a side-module part; returns the unregister. */
export function registerCarouselPanel(slot: CarouselPanelSlot): () => void {
  slotStore.setState((s) => ({ panels: insert(s.panels, slot) }));
  return () => slotStore.setState((s) => ({ panels: s.panels.filter((p) => p !== slot) }));
}

export const useCarouselActions = () => useStore(slotStore, (s) => s.actions);
export const useCarouselPanels = () => useStore(slotStore, (s) => s.panels);

/** A viewer slot of a feature loaded on first use, registered while the page is mounted. */
export function useLazyCarouselSlot(register: () => Promise<() => void>): void {
  useEffect(() => {
    let undo: (() => void) | undefined;
    let gone = false;
    // Issue 34.10: each slot asks for its chunk from a task of its own (the next one): the four
    // of the timeline, asked in one effect pass, added their chunks' preload links in one task
    // of up to 40 ms of script at a load of 8 (bench/hugeMonth).
    void yieldToEventLoop()
      .then(() => (gone ? null : register()))
      .then((unregister) => {
        if (!unregister) return;
        if (gone) unregister();
        else undo = unregister;
      });
    return () => {
      gone = true;
      undo?.();
    };
  }, [register]);
}
