import { useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { popupStore } from '../../state/popups';
import { popupComponent } from '../../platform/popupRegistry';

/** SPEC §2: the popup host shows one popup at a time, the head of the queue. */
export function PopupHost() {
  const head = useStore(popupStore, (s) => s.queue[0]);
  const dismiss = useStore(popupStore, (s) => s.dismiss);
  const Component = head ? popupComponent(head.kind) : undefined;
  const headId = head?.id;
  // Stable for the popup on screen, so a popup may close itself from an effect.
  const close = useCallback(() => {
    if (headId !== undefined) dismiss(headId);
  }, [headId, dismiss]);

  useEffect(() => {
    // A kind nobody registered would block the queue forever: drop it and say so.
    if (head && !Component) {
      console.error(`[capture] no component registered for popup kind "${head.kind}"`);
      dismiss(head.id);
    }
  }, [head, Component, dismiss]);

  if (!head || !Component) return null;
  return <Component key={head.id} close={close} {...(head.props ? { props: head.props } : {})} />;
}
