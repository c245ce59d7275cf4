import { useLayoutEffect, useRef, useState } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { createGalleryRenderer, RenderLoop } from '../engine/render/RenderLoop';

interface GalleryCanvasProps {
  engine: GalleryEngine;
  className?: string;
  /** What shows where no tile is (0xRRGGBB). */
  clearColor?: number;
}

/**
 * The engine's WebGL canvas, filling its container: a three.js renderer and the engine's
 * RenderLoop (frames on demand), sized by a ResizeObserver and the device pixel ratio, and the
 * context-loss events forwarded. No React renderer for three.js (R3F): the gallery creates its
 * three.js objects in the engine and needs none of R3F's scene graph or events, and R3F's root
 * brought a deprecated THREE.Clock that warned on every load.
 */
export function GalleryCanvas({ engine, className, clearColor = 0xffffff }: GalleryCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<Error | null>(null);
  // A failure to create the renderer surfaces in the nearest error boundary.
  if (error) throw error;

  useLayoutEffect(() => {
    const box = container.current;
    if (!box) return undefined;
    // A canvas per renderer: a disposed renderer loses its context for good (browsers cap live
    // contexts), and a remount (React's strict mode) needs a context that works.
    const canvas = document.createElement('canvas');
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    box.append(canvas);
    let loop: RenderLoop;
    try {
      loop = new RenderLoop(createGalleryRenderer(canvas), engine.clock, (gl, now) =>
        engine.frame(gl, now),
      );
    } catch (reason) {
      canvas.remove();
      setError(reason instanceof Error ? reason : new Error('WebGL renderer failed'));
      return undefined;
    }
    const { gl } = loop;
    gl.setClearColor(clearColor, 1);
    loop.scene.add(engine.tiles.mesh);
    engine.setInvalidate(loop.invalidate);

    const measure = () => {
      const rect = box.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) {
        loop.setSize(rect.width, rect.height, window.devicePixelRatio);
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    // Moving to a screen of another density changes the ratio without resizing anything.
    let density: MediaQueryList | null = null;
    const followDensity = () => {
      density?.removeEventListener('change', followDensity);
      density = window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`) ?? null;
      density?.addEventListener('change', followDensity);
      measure();
    };
    followDensity();
    const lost = (event: Event) => {
      event.preventDefault(); // allows the browser to restore the context
      engine.onContextLost();
    };
    const restored = () => engine.onContextRestored();
    canvas.addEventListener('webglcontextlost', lost);
    canvas.addEventListener('webglcontextrestored', restored);
    return () => {
      observer.disconnect();
      density?.removeEventListener('change', followDensity);
      canvas.removeEventListener('webglcontextlost', lost);
      canvas.removeEventListener('webglcontextrestored', restored);
      engine.setInvalidate(() => undefined);
      loop.dispose();
      gl.dispose();
      gl.forceContextLoss();
      canvas.remove();
    };
  }, [engine, clearColor]);

  return (
    <div
      ref={container}
      className={className}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}
    />
  );
}
