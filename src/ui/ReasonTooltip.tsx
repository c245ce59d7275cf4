import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { TOOLTIP_MAX_WIDTH, TOOLTIP_OPEN_DELAY_MS } from '../domain/constants';
import './reasonTooltip.css';

/** What the unavailable control must carry (spread it onto the button). */
export interface ReasonTriggerProps {
  'aria-disabled': true;
  'aria-describedby': string;
  onClick: (event: MouseEvent) => void;
}

export interface ReasonTooltipProps {
  /** Why the control is unavailable (its accessible description too). */
  reason: string;
  /** What the user can do about it (e.g. a subscribe button), shown in the bubble; given close. */
  action?: (close: () => void) => ReactNode;
  /** Renders the control with the given props. */
  children: (trigger: ReasonTriggerProps) => ReactNode;
  testId?: string;
}

/** Moving the pointer from the control into the bubble crosses no gap, but allow a little. */
const HIDE_GRACE_MS = 120;
/** The bubble keeps this far from the viewport's edges. */
const EDGE_PX = 8;

function supportsPopover(element: HTMLElement): boolean {
  return typeof element.showPopover === 'function';
}

/**
 * A control that is there but unavailable, with the reason (SPEC §9 tooltip: opens after 500 ms,
 * at most 400 px wide) and an optional action beside it. The control stays focusable
 * (aria-disabled, not disabled) so a keyboard reaches it: focus opens the bubble like hovering
 * does, Tab goes on into the action, Escape or leaving closes it (WCAG 1.4.13: hoverable,
 * dismissible, persistent). A click or tap shows it at once. The reason is the control's
 * accessible description whether the bubble shows or not. The bubble is a manual popover in the
 * top layer, so no toolbar's overflow clips it.
 */
export function ReasonTooltip({ reason, action, children, testId }: ReasonTooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const clearTimer = () => window.clearTimeout(timer.current);
  const openLater = () => {
    clearTimer();
    timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
  };
  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    setOpen(false);
  }, []);
  const closeSoon = () => {
    clearTimer();
    timer.current = window.setTimeout(() => setOpen(false), HIDE_GRACE_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Placed under the control, kept inside the viewport, in the top layer when the browser has it.
  useLayoutEffect(() => {
    const element = bubble.current;
    const anchor = wrapper.current;
    if (!element || !anchor) return;
    if (!open) {
      if (supportsPopover(element) && element.matches(':popover-open')) element.hidePopover();
      return;
    }
    if (supportsPopover(element)) element.showPopover();
    const rect = anchor.getBoundingClientRect();
    const width = Math.min(element.offsetWidth, TOOLTIP_MAX_WIDTH);
    const left = Math.max(
      EDGE_PX,
      Math.min(rect.left, document.documentElement.clientWidth - width - EDGE_PX),
    );
    const below = rect.bottom + element.offsetHeight + EDGE_PX <= window.innerHeight;
    element.style.left = `${left}px`;
    element.style.top = below ? `${rect.bottom}px` : `${rect.top - element.offsetHeight}px`;
    element.dataset.placement = below ? 'below' : 'above';
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Only the bubble closes (not a dialog around it).
      event.preventDefault();
      event.stopPropagation();
      close();
    };
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', escape, true);
    document.addEventListener('pointerdown', outside, true);
    return () => {
      document.removeEventListener('keydown', escape, true);
      document.removeEventListener('pointerdown', outside, true);
    };
  }, [open, close]);

  return (
    <span
      ref={wrapper}
      className="reason-tooltip"
      data-testid={testId}
      data-open={open}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') openLater();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'touch') closeSoon();
      }}
      onFocus={() => {
        if (!open) openLater();
        else clearTimer();
      }}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget)) close();
      }}
    >
      {children({
        'aria-disabled': true,
        'aria-describedby': id,
        onClick: (event) => {
          event.preventDefault();
          clearTimer();
          setOpen(true);
        },
      })}
      <div
        ref={bubble}
        className="reason-tooltip__bubble"
        popover="manual"
        hidden={!open}
        style={{ maxWidth: TOOLTIP_MAX_WIDTH }}
        data-testid={testId ? `${testId}-tip` : undefined}
      >
        <span role="tooltip" id={id} className="reason-tooltip__text">
          {reason}
        </span>
        {action?.(close)}
      </div>
    </span>
  );
}
