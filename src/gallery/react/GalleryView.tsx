import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { GridMetrics } from '../engine/types';
import { FastScroller } from './FastScroller';
import { SectionHeaders } from './SectionHeaders';
import './GalleryView.css';

export interface GalleryViewProps {
  engine: GalleryEngine;
  metrics: GridMetrics;
  /** Horizontal room left and right of the grid; the right one holds the fast scroller. */
  insets: { left: number; right: number };
  label: string;
}

/**
 * The thin React side of the gallery: mounts one R3F canvas (frameloop "demand"), forwards
 * wheel, touch and keys to the engine, and hosts the DOM overlays (headers, fast scroller).
 * Nothing per frame goes through React state.
 */
export function GalleryView({ engine, metrics, insets, label }: GalleryViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const { i18n } = useTranslation();

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (size.width === 0 || size.height === 0) return;
    engine.resize(size.width, size.height, window.devicePixelRatio || 1, metrics, insets);
  }, [engine, size, metrics, insets]);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // Non-passive so the page itself never scrolls under the grid.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      engine.scroll.wheel(event.deltaY, event.deltaMode, event.timeStamp);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [engine]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (engine.scroll.key(event.key, event.shiftKey)) event.preventDefault();
  };

  return (
    <div
      ref={container}
      className="gallery-view"
      tabIndex={0}
      role="region"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid="gallery"
      lang={i18n.language.replace('_', '-')}
    >
      <Canvas
        className="gallery-view__canvas"
        frameloop="demand"
        dpr={[1, 2]}
        gl={{ antialias: false, alpha: false, powerPreference: 'high-performance' }}
        onCreated={({ gl }) => gl.setClearColor(0xffffff, 1)}
        onPointerDown={(event) => {
          if (event.pointerType === 'mouse') return;
          event.currentTarget.setPointerCapture(event.pointerId);
          engine.scroll.pointerDown(event.clientY, event.timeStamp);
        }}
        onPointerMove={(event) => {
          if (event.pointerType !== 'mouse')
            engine.scroll.pointerMove(event.clientY, event.timeStamp);
        }}
        onPointerUp={(event) => {
          if (event.pointerType !== 'mouse') engine.scroll.pointerUp(event.timeStamp);
        }}
        onPointerCancel={() => engine.scroll.pointerCancel()}
      >
        <EngineDriver engine={engine} />
      </Canvas>
      <SectionHeaders engine={engine} />
      <FastScroller
        model={engine.fastScroll}
        scroll={engine.scroll}
        height={size.height}
        sideMargin={insets.right}
      />
    </div>
  );
}

/** Runs the engine inside R3F's frame loop and keeps frames coming only while it asks. */
function EngineDriver({ engine }: { engine: GalleryEngine }) {
  const gl = useThree((state) => state.gl);
  const invalidate = useThree((state) => state.invalidate);
  const scene = useThree((state) => state.scene);

  useEffect(() => {
    engine.setInvalidate(() => invalidate());
    scene.add(engine.tiles.mesh);
    const canvas = gl.domElement;
    const lost = (event: Event) => {
      event.preventDefault(); // allows the browser to restore the context
      engine.onContextLost();
    };
    const restored = () => engine.onContextRestored();
    canvas.addEventListener('webglcontextlost', lost);
    canvas.addEventListener('webglcontextrestored', restored);
    invalidate();
    return () => {
      scene.remove(engine.tiles.mesh);
      engine.setInvalidate(() => undefined);
      canvas.removeEventListener('webglcontextlost', lost);
      canvas.removeEventListener('webglcontextrestored', restored);
    };
  }, [engine, gl, invalidate, scene]);

  useFrame(() => {
    if (engine.frame(gl, performance.now())) invalidate();
  });
  return null;
}
