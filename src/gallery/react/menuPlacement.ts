import { MENU_UPWARD_PX } from '../../domain/constants';

export interface MenuPlacement {
  left: number;
  top: number;
  /** True when the menu opens upward from the anchor. */
  upward: boolean;
}

/**
 * Where a menu opened at `anchor` goes inside `bounds` (both in the same pixels). SPEC §9: it
 * opens upward when less than 100 px (200 on mobile) remain below the anchor, and also when it
 * would not fit below but fits better above. It flips left near the right edge and never leaves
 * the bounds.
 */
export function placeMenu(
  anchor: { x: number; y: number },
  menu: { width: number; height: number },
  bounds: { width: number; height: number },
  mobile: boolean,
): MenuPlacement {
  const threshold = mobile ? MENU_UPWARD_PX.mobile : MENU_UPWARD_PX.desktop;
  const below = bounds.height - anchor.y;
  const upward = below < threshold || (below < menu.height && anchor.y > below);
  const top = upward ? anchor.y - menu.height : anchor.y;
  const left = anchor.x + menu.width > bounds.width ? anchor.x - menu.width : anchor.x;
  return {
    left: clamp(left, 0, Math.max(0, bounds.width - menu.width)),
    top: clamp(top, 0, Math.max(0, bounds.height - menu.height)),
    upward,
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
