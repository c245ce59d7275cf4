import type { HeldAction } from '../readOnly';

export type { HeldAction };

/** SPEC §4: the action held until a purchase (features/readOnly `requestSubscription`). */
export function heldActionOf(props: Record<string, unknown> | undefined): HeldAction | null {
  const held = props?.held as Partial<HeldAction> | undefined;
  return typeof held?.resume === 'function' && typeof held.drop === 'function'
    ? (held as HeldAction)
    : null;
}
