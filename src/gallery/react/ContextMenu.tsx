import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { placeMenu } from './menuPlacement';
import './GalleryView.css';

export interface GalleryMenuItem {
  id: string;
  label: string;
  onSelect: () => void;
  /**
   * Shown but unavailable (e.g. SPEC §6 a read-only user's add to album): focusable, never
   * selected, with `hint` saying why under its label (and as its description).
   */
  disabled?: boolean;
  hint?: string;
}

export interface ContextMenuProps {
  /** Where it opens, relative to the gallery (its positioned parent). */
  x: number;
  y: number;
  bounds: { width: number; height: number };
  mobile: boolean;
  label: string;
  items: readonly GalleryMenuItem[];
  onClose: () => void;
}

/**
 * The grid's context menu (right-click, long-press, the ContextMenu key): a DOM menu with
 * menuitems, arrow keys between them, Enter or Space to choose, Escape or Tab or a click
 * elsewhere to close. Placed by `placeMenu` once its size is known.
 */
export function ContextMenu({ x, y, bounds, mobile, label, items, onClose }: ContextMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const placement = placeMenu(
      { x, y },
      { width: element.offsetWidth, height: element.offsetHeight },
      bounds,
      mobile,
    );
    element.style.left = `${placement.left}px`;
    element.style.top = `${placement.top}px`;
    element.dataset.placement = placement.upward ? 'up' : 'down';
    element.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [x, y, bounds, mobile, items]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) closeRef.current();
    };
    // Escape closes the menu wherever the focus is (a touch may have left it elsewhere).
    const escape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      closeRef.current();
    };
    // The opening gesture's own events have passed: listen from the next task on.
    const timer = window.setTimeout(() => document.addEventListener('pointerdown', outside), 0);
    document.addEventListener('keydown', escape, true);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape, true);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    switch (event.key) {
      case 'ArrowDown':
        next = (index + 1) % entries.length;
        break;
      case 'ArrowUp':
        next = (index - 1 + entries.length) % entries.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = entries.length - 1;
        break;
      case 'Escape':
      case 'Tab':
        event.preventDefault();
        event.stopPropagation();
        onClose();
        return;
      default:
        // Keys of the grid (Space, X, Delete…) must not reach it while the menu is open.
        if (event.key !== 'Enter' && event.key !== ' ') event.stopPropagation();
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    entries[next]?.focus();
  };

  return (
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      className="gallery-menu"
      data-testid="gallery-menu"
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="gallery-menu__item"
          data-item={item.id}
          aria-disabled={item.disabled || undefined}
          aria-describedby={item.hint ? `${menuId}-${item.id}` : undefined}
          onClick={(event) => {
            event.stopPropagation();
            if (item.disabled) return;
            onClose();
            item.onSelect();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
          }}
        >
          {item.label}
          {item.hint ? (
            <span id={`${menuId}-${item.id}`} className="gallery-menu__hint">
              {item.hint}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
