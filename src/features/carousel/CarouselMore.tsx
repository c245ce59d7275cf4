import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { ActionContent, CAROUSEL_ACTION_CLASS } from './ActionContent';
import './Carousel.css';

/** A button that a press in the panel leaves alone: unavailable (its reason shows instead). */
const STAYS_OPEN = '[aria-disabled="true"], dialog, [popover]';

/**
 * The viewer's More menu: the actions that do not fit the bar, or that only some files offer
 * (issue 34.5), as a disclosure under a "More" button. The panel stays mounted while closed
 * (hidden, not removed): an action started from it keeps its dialog (share, add to album, cast)
 * after the panel closes. A press on an action, outside, or Escape closes it.
 */
export function CarouselMore({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
    const onPress = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPress, true);
    return () => document.removeEventListener('pointerdown', onPress, true);
  }, [open]);

  return (
    <div
      ref={root}
      className="carousel-more"
      onKeyDown={(event) => {
        if (!open || (event.target as Element).closest('dialog')) return;
        if (event.key === 'Escape') {
          // The menu closes, not the viewer.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
          return;
        }
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        const items = [...(panel.current?.querySelectorAll<HTMLElement>('button, a[href]') ?? [])];
        if (items.length === 0) return;
        event.preventDefault();
        event.stopPropagation();
        const at = items.indexOf(document.activeElement as HTMLElement);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        items[(at + step + items.length) % items.length].focus();
      }}
    >
      <Button
        ref={toggle}
        className={CAROUSEL_ACTION_CLASS}
        aria-expanded={open}
        aria-controls={panelId}
        title={label}
        onClick={() => setOpen((was) => !was)}
        data-testid="carousel-more"
      >
        <ActionContent icon="more" label={label} />
      </Button>
      <div
        id={panelId}
        ref={panel}
        role="group"
        aria-label={label}
        className={open ? 'carousel-more__panel is-open' : 'carousel-more__panel'}
        onClick={(event) => {
          const target = event.target as Element;
          if (target.closest('button, a[href]') && !target.closest(STAYS_OPEN)) setOpen(false);
        }}
        data-testid="carousel-more-panel"
      >
        {children}
      </div>
    </div>
  );
}
