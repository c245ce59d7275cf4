import type { ComponentType } from 'react';

export interface PopupComponentProps {
  /** Closes this popup; the next one in the queue shows. */
  close: () => void;
  props?: Record<string, unknown>;
}

/** Features register the component for each popup kind they enqueue (storage, terms, sunset…). */
const registry = new Map<string, ComponentType<PopupComponentProps>>();

export function registerPopup(kind: string, component: ComponentType<PopupComponentProps>): void {
  registry.set(kind, component);
}

export function popupComponent(kind: string): ComponentType<PopupComponentProps> | undefined {
  return registry.get(kind);
}
