import { animated, to, useSpring } from '@react-spring/web';
import { useGesture } from '@use-gesture/react';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { THUMBNAIL_SIZES } from '../../domain/constants';
import {
  clampPan,
  FITTED,
  fittedSize,
  maxScale,
  shownDevicePixels,
  zoomAround,
  ZOOM_STEP,
  type Size,
  type ZoomState,
} from './zoom';
import './Carousel.css';

/** A horizontal drag past this (CSS px), or a flick, steps to the next or previous file. */
const SWIPE_PX = 80;
const SWIPE_VELOCITY = 0.5;
/** How far a released pan keeps sliding, per unit of velocity (px per ms → px). */
const INERTIA_MS = 220;
/** Past this many device pixels on the long side, the 1280 thumbnail is upscaled: load the original. */
const LARGE_THUMBNAIL_PX = THUMBNAIL_SIZES[1];

export interface StageHandle {
  zoomBy(step: number): void;
  reset(): void;
  readonly zoomed: boolean;
  /** The closing animation: the frame shrinks back onto the tile (viewport pixels). */
  closeTo(rect: DOMRect): Promise<void>;
}

interface CarouselStageProps {
  /** Changes with the file: zoom resets on step. */
  fileKey: string;
  aspect: number;
  /** The original's width in pixels, when known (the zoom limit); else the 1280 thumbnail's. */
  originalWidth: number | undefined;
  reducedMotion: boolean;
  /** Zooming into a photo loads its original past the 1280 size; videos never zoom. */
  zoomable: boolean;
  onSwipe: (direction: 1 | -1) => void;
  onZoomChange?: (zoom: ZoomState, outgrewThumbnail: boolean) => void;
  /** The picture or the video, filling the fitted frame. */
  children: ReactNode;
  /** Where the frame animates in from (the tile), in viewport pixels; null: no animation. */
  openFrom: DOMRect | null;
}

/**
 * The viewer's stage: the file fitted in the free space, zoom and pan for photos (pinch,
 * Ctrl/⌘+wheel, double-click or double-tap, +/−), a swipe to step, the opening animation from
 * the tile. Gestures by @use-gesture, motion by @react-spring (instant under reduced motion).
 */
export const CarouselStage = forwardRef<StageHandle, CarouselStageProps>(function CarouselStage(
  {
    fileKey,
    aspect,
    originalWidth,
    reducedMotion,
    zoomable,
    onSwipe,
    onZoomChange,
    children,
    openFrom,
  },
  handle,
) {
  const stage = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const zoom = useRef<ZoomState>(FITTED);
  const [spring, api] = useSpring(() => ({ scale: 1, x: 0, y: 0, swipe: 0 }));
  const [intro, introApi] = useSpring(() => ({ tx: 0, ty: 0, sx: 1, sy: 1 }));
  const immediate = reducedMotion;

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return undefined;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setSize({ width: rect.width, height: rect.height });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const max = zoomable ? maxScale(size, aspect, originalWidth ?? LARGE_THUMBNAIL_PX, dpr) : 1;

  // A zoom asked past the limit while the original's width is unknown (its details load on the
  // first zoom): kept, and applied once the width arrives, so '+ +' pressed quickly still
  // reaches past the 1280 image.
  const wanted = useRef<{ scale: number; px: number; py: number } | null>(null);

  const apply = useCallback(
    (next: ZoomState, animate = true) => {
      wanted.current = null;
      zoom.current = next;
      void api.start({ scale: next.scale, x: next.x, y: next.y, immediate: immediate || !animate });
      onZoomChange?.(next, shownDevicePixels(next, size, aspect, dpr) > LARGE_THUMBNAIL_PX);
    },
    [api, immediate, onZoomChange, size, aspect, dpr],
  );

  // A new file starts fitted.
  useEffect(() => {
    wanted.current = null;
    zoom.current = FITTED;
    void api.start({ scale: 1, x: 0, y: 0, swipe: 0, immediate: true });
  }, [fileKey, api]);

  // The opening animation: from the tile's rectangle to the fitted frame, once.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || size.width === 0) return;
    opened.current = true;
    const element = stage.current;
    if (!openFrom || !element || reducedMotion) return;
    const box = element.getBoundingClientRect();
    const fitted = fittedSize(size, aspect);
    const centreX = box.left + box.width / 2;
    const centreY = box.top + box.height / 2;
    void introApi.start({
      from: {
        tx: openFrom.left + openFrom.width / 2 - centreX,
        ty: openFrom.top + openFrom.height / 2 - centreY,
        sx: openFrom.width / fitted.width,
        sy: openFrom.height / fitted.height,
      },
      to: { tx: 0, ty: 0, sx: 1, sy: 1 },
      config: { tension: 320, friction: 30 },
    });
  }, [size, aspect, openFrom, reducedMotion, introApi]);

  const zoomAt = useCallback(
    (scale: number, clientX?: number, clientY?: number) => {
      const box = stage.current?.getBoundingClientRect();
      const px = box && clientX !== undefined ? clientX - box.left - box.width / 2 : 0;
      const py = box && clientY !== undefined ? clientY - box.top - box.height / 2 : 0;
      apply(zoomAround(zoom.current, scale, px, py, size, aspect, max));
      if (scale > max && originalWidth === undefined) wanted.current = { scale, px, py };
    },
    [apply, size, aspect, max, originalWidth],
  );

  // The original's width arrived: the zoom asked for meanwhile goes on, up to the new limit.
  useEffect(() => {
    const asked = wanted.current;
    if (!asked || originalWidth === undefined) return;
    apply(zoomAround(zoom.current, asked.scale, asked.px, asked.py, size, aspect, max));
  }, [originalWidth, apply, size, aspect, max]);

  useImperativeHandle(
    handle,
    () => ({
      zoomBy: (step) =>
        zoomAt(step > 0 ? zoom.current.scale * ZOOM_STEP : zoom.current.scale / ZOOM_STEP),
      reset: () => apply(FITTED),
      get zoomed() {
        return zoom.current.scale > 1.001;
      },
      async closeTo(rect) {
        const element = stage.current;
        if (!element || size.width === 0) return;
        const box = element.getBoundingClientRect();
        const fitted = fittedSize(size, aspect);
        void api.start({ scale: 1, x: 0, y: 0, swipe: 0, immediate: true });
        await Promise.all(
          introApi.start({
            to: {
              tx: rect.left + rect.width / 2 - (box.left + box.width / 2),
              ty: rect.top + rect.height / 2 - (box.top + box.height / 2),
              sx: rect.width / fitted.width,
              sy: rect.height / fitted.height,
            },
            config: { tension: 380, friction: 34 },
          }),
        );
      },
    }),
    [zoomAt, apply, api, introApi, size, aspect],
  );

  useGesture(
    {
      onDrag: ({
        movement: [mx],
        velocity: [vx],
        direction: [dx],
        delta: [ddx, ddy],
        last,
        tap,
        pinching,
        cancel,
      }) => {
        if (pinching) return cancel();
        if (tap) return undefined;
        if (zoom.current.scale > 1.001) {
          const panned = clampPan(
            { ...zoom.current, x: zoom.current.x + ddx, y: zoom.current.y + ddy },
            size,
            aspect,
          );
          if (!last) return apply(panned, false);
          // Released: keep sliding a little the way it went (inertia), then settle at the edge.
          return apply(
            clampPan({ ...panned, x: panned.x + dx * vx * INERTIA_MS, y: panned.y }, size, aspect),
          );
        }
        if (!last) {
          void api.start({ swipe: mx, immediate: true });
          return undefined;
        }
        void api.start({ swipe: 0, immediate });
        if (Math.abs(mx) > SWIPE_PX || (vx > SWIPE_VELOCITY && Math.abs(mx) > 10)) {
          onSwipe(mx < 0 ? 1 : -1);
        }
        return undefined;
      },
      onPinch: ({ offset: [scale], origin: [ox, oy], first, memo }): number => {
        const start = first || typeof memo !== 'number' ? zoom.current.scale : memo;
        if (zoomable) zoomAt(scale * start, ox, oy);
        return start;
      },
      onWheel: ({ event, delta: [, dy] }) => {
        if (!zoomable || !(event.ctrlKey || event.metaKey)) return;
        event.preventDefault();
        zoomAt(zoom.current.scale * Math.exp(-dy / 200), event.clientX, event.clientY);
      },
    },
    {
      target: stage,
      eventOptions: { passive: false },
      drag: { filterTaps: true, pointer: { keys: false } },
      pinch: { scaleBounds: { min: 0.25, max: 16 }, from: () => [1, 0] },
    },
  );

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!zoomable) return;
    if (zoom.current.scale > 1.001) apply(FITTED);
    else zoomAt(Math.min(max, ZOOM_STEP), event.clientX, event.clientY);
  };

  const fitted = fittedSize(size.width > 0 ? size : { width: 1, height: 1 }, aspect);
  return (
    <div ref={stage} className="carousel-stage" onDoubleClick={onDoubleClick}>
      <animated.div
        className="carousel-stage__frame"
        style={{
          width: fitted.width,
          height: fitted.height,
          transform: to(
            [spring.scale, spring.x, spring.y, spring.swipe],
            (s, x, y, swipe) => `translate(${x + swipe}px, ${y}px) scale(${s})`,
          ),
        }}
      >
        <animated.div
          className="carousel-stage__intro"
          style={{
            transform: to(
              [intro.tx, intro.ty, intro.sx, intro.sy],
              (tx, ty, sx, sy) => `translate(${tx}px, ${ty}px) scale(${sx}, ${sy})`,
            ),
          }}
        >
          {children}
        </animated.div>
      </animated.div>
    </div>
  );
});
