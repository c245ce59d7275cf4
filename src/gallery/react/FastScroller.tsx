import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TOOLTIP_DELAY_MS, SCROLLER_COLLAPSE_MARGIN_PX } from '../../domain/constants';
import type { FastScrollModel, MonthDate } from '../engine/scroll/FastScrollModel';
import type { ScrollModel } from '../engine/scroll/ScrollModel';
import './FastScroller.css';
import { monthFormatter } from './monthLabel';

/** Thumb height; the track's usable height is the scroller's height minus this. */
export const THUMB_PX = 32;

export interface FastScrollerProps {
  model: FastScrollModel;
  scroll: ScrollModel;
  /** Full canvas height, px. */
  height: number;
  /** Room between the grid and the edge, px: SPEC §9 collapses the scroller at 70 or less. */
  sideMargin: number;
  /** True while the user drags the scroller: the renderer defers thumbnail loads meanwhile. */
  onScrub?: (active: boolean) => void;
}

/** Per-pointer and per-frame facts: kept out of React state so scrolling never re-renders. */
interface Live {
  /** A scrub or key jump shows the chosen place until the position moves away from it. */
  hold: { fraction: number; position: number } | null;
  month: number;
  tooltipMonth: number;
  dragging: boolean;
  grabOffset: number;
  hoverFraction: number;
  hoverTimer: number | undefined;
}

function monthDateFormatter(language: string | undefined): (date: MonthDate) => string {
  const format = monthFormatter(language);
  return (date) => format(date.year, date.month);
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));

/**
 * The year/month index beside the grid: year labels, a thumb at the current position, scrub by
 * dragging the thumb or the track, a date tooltip, and a vertical slider for assistive tech and
 * keys. Slider values count months from the top of the timeline, so Home and End agree with the
 * grid's Home (newest) and End (oldest); ArrowUp moves up one month, which lowers the value.
 */
export function FastScroller({ model, scroll, height, sideMargin, onScrub }: FastScrollerProps) {
  const { t, i18n } = useTranslation();
  const collapsed = sideMargin <= SCROLLER_COLLAPSE_MARGIN_PX;
  const usable = Math.max(1, height - THUMB_PX);
  const format = useMemo(() => monthDateFormatter(i18n.language), [i18n.language]);
  const hintId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const live = useRef<Live>({
    hold: null,
    month: -1,
    tooltipMonth: -1,
    dragging: false,
    grabOffset: 0,
    hoverFraction: 0,
    hoverTimer: undefined,
  });
  const scratchDate = useRef<MonthDate>({ year: 0, month: 1 });
  const [dragging, setDragging] = useState(false);
  const [hovering, setHovering] = useState(false);
  const [, redraw] = useReducer((n: number) => n + 1, 0);

  // Idempotent: the share of the track split evenly between months depends on its height.
  model.setTrackHeight(usable);
  const version = model.version;
  const monthCount = model.monthCount;
  const markers = collapsed ? [] : model.yearMarkers(usable);
  const renderedVersion = useRef(version);
  useLayoutEffect(() => {
    renderedVersion.current = version;
  }, [version]);

  const showTooltipAt = useCallback(
    (fraction: number) => {
      const tooltip = tooltipRef.current;
      const month = model.monthIndexAtTrack(fraction);
      if (!tooltip || month < 0) return;
      if (month !== live.current.tooltipMonth) {
        live.current.tooltipMonth = month;
        tooltip.textContent = format(model.monthDate(month, scratchDate.current));
      }
      tooltip.style.transform = `translateY(${fraction * usable}px) translateY(-50%)`;
    },
    [model, format, usable],
  );

  /** Puts the thumb, the slider value and the drag tooltip where the scroll position is. */
  const sync = useCallback(() => {
    const state = live.current;
    const position = scroll.position;
    if (state.hold !== null && Math.abs(position - state.hold.position) > 0.5) state.hold = null;
    const fraction = state.hold?.fraction ?? model.positionToTrack(position);
    if (thumbRef.current) {
      thumbRef.current.style.transform = `translateY(${fraction * usable}px)`;
    }
    const month = model.monthIndexAtTrack(fraction);
    const root = rootRef.current;
    if (root && month >= 0 && month !== state.month) {
      state.month = month;
      root.setAttribute('aria-valuenow', String(month));
      root.setAttribute('aria-valuetext', format(model.monthDate(month, scratchDate.current)));
    }
    if (state.dragging) showTooltipAt(fraction);
  }, [model, scroll, usable, format, showTooltipAt]);

  // Renders are rare (layout, language, hover, drag): each rewrites the imperative parts in full.
  useLayoutEffect(() => {
    live.current.month = -1;
    live.current.tooltipMonth = -1;
    sync();
  });

  useLayoutEffect(
    () =>
      scroll.subscribe(() => {
        // Sections loaded or estimates became layouts: markers and the slider's range move.
        if (model.version !== renderedVersion.current) redraw();
        sync();
      }),
    [model, scroll, sync],
  );

  useLayoutEffect(() => {
    if (hovering) showTooltipAt(live.current.hoverFraction);
  }, [hovering, showTooltipAt]);

  useEffect(() => {
    const state = live.current;
    return () => window.clearTimeout(state.hoverTimer);
  }, []);

  if (monthCount === 0) return null;

  const fractionAt = (clientY: number, grabOffset: number): number => {
    const top = rootRef.current?.getBoundingClientRect().top ?? 0;
    return clamp01((clientY - top - grabOffset - THUMB_PX / 2) / usable);
  };

  const jump = (fraction: number, position: number) => {
    scroll.scrollTo(position);
    live.current.hold = { fraction, position: scroll.position };
    sync();
  };

  const stopHover = () => {
    window.clearTimeout(live.current.hoverTimer);
    setHovering(false);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const root = event.currentTarget;
    const thumb = thumbRef.current;
    event.preventDefault();
    root.focus({ preventScroll: true });
    // Grabbing the thumb keeps the grab point under the pointer; the track jumps to it.
    const onThumb = thumb !== null && thumb.contains(event.target as Node);
    const thumbRect = thumb?.getBoundingClientRect();
    live.current.grabOffset =
      onThumb && thumbRect ? event.clientY - (thumbRect.top + THUMB_PX / 2) : 0;
    root.setPointerCapture?.(event.pointerId);
    live.current.dragging = true;
    setDragging(true);
    stopHover();
    onScrub?.(true);
    const fraction = fractionAt(event.clientY, live.current.grabOffset);
    jump(fraction, model.trackToPosition(fraction));
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (live.current.dragging) {
      const fraction = fractionAt(event.clientY, live.current.grabOffset);
      jump(fraction, model.trackToPosition(fraction));
    } else if (event.pointerType === 'mouse') {
      live.current.hoverFraction = fractionAt(event.clientY, 0);
      if (hovering) showTooltipAt(live.current.hoverFraction);
    }
  };

  const endDrag = () => {
    if (!live.current.dragging) return;
    live.current.dragging = false;
    setDragging(false);
    onScrub?.(false);
  };

  const onPointerEnter = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' || collapsed || live.current.dragging) return;
    live.current.hoverFraction = fractionAt(event.clientY, 0);
    window.clearTimeout(live.current.hoverTimer);
    live.current.hoverTimer = window.setTimeout(() => setHovering(true), DATE_TOOLTIP_DELAY_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = Math.max(0, live.current.month);
    let target: number;
    switch (event.key) {
      case 'ArrowUp':
        target = current - 1;
        break;
      case 'ArrowDown':
        target = current + 1;
        break;
      case 'PageUp':
        target = model.monthOneYearFrom(current, -1);
        break;
      case 'PageDown':
        target = model.monthOneYearFrom(current, 1);
        break;
      case 'Home':
        target = 0;
        break;
      case 'End':
        target = monthCount - 1;
        break;
      default:
        return;
    }
    // The grid scrolls on these keys too; the slider has them while it has focus.
    event.preventDefault();
    event.stopPropagation();
    const month = Math.max(0, Math.min(monthCount - 1, target));
    jump(model.monthTrackStart(month), model.monthTop(month));
  };

  const className = [
    'fast-scroller',
    collapsed && 'fast-scroller--collapsed',
    dragging && 'fast-scroller--dragging',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={rootRef}
      className={className}
      style={{ height }}
      role="slider"
      tabIndex={0}
      aria-orientation="vertical"
      aria-valuemin={0}
      aria-valuemax={monthCount - 1}
      aria-label={t('gallery.scroller.label')}
      aria-describedby={hintId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
      onPointerEnter={onPointerEnter}
      onPointerLeave={stopHover}
      onKeyDown={onKeyDown}
    >
      {markers.map((marker) => (
        <span
          key={marker.year}
          className="fast-scroller__year"
          aria-hidden="true"
          style={{ top: marker.offset + THUMB_PX / 2 }}
        >
          {marker.year}
        </span>
      ))}
      <div ref={thumbRef} className="fast-scroller__thumb" />
      <div
        ref={tooltipRef}
        className="fast-scroller__tooltip"
        aria-hidden="true"
        hidden={!(dragging || hovering)}
      />
      <span id={hintId} className="visually-hidden">
        {t('gallery.scroller.keyboardHint')}
      </span>
    </div>
  );
}
