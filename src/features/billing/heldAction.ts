/**
 * SPEC §4: "A copy of a share to the timeline is held until purchase succeeds and then resumed,
 * or dropped if the subscription is refused." The subscription popup's props carry it.
 */
export interface HeldAction {
  resume: () => void;
  drop: () => void;
}

export function heldActionOf(props: Record<string, unknown> | undefined): HeldAction | null {
  const held = props?.held as Partial<HeldAction> | undefined;
  return typeof held?.resume === 'function' && typeof held.drop === 'function'
    ? (held as HeldAction)
    : null;
}
