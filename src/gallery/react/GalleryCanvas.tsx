import { createRoot, useFrame, useThree, type ReconcilerRoot } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { installThreeConsoleFilter } from '../engine/render/threeConsole';

interface GalleryCanvasProps {
  engine: GalleryEngine;
  className?: string;
  /** What shows where no tile is (0xRRGGBB). */
  clearColor?: number;
  /**
   * A canvas whose WebGL2 context exists already (made with GL_OPTIONS' attributes over
   * three.js's defaults): the renderer takes it over instead of creating one while the page
   * renders. Asked once; null or unset, the gallery makes its own canvas.
   */
  takeCanvas?: () => HTMLCanvasElement | null;
}

interface Size {
  width: number;
  height: number;
  top: number;
  left: number;
}

const GL_OPTIONS = { antialias: false, alpha: false, powerPreference: 'high-performance' } as const;
/** Device pixels per CSS pixel: 1 to 2, past 2 nothing more is visible on tiles. */
const DPR: [number, number] = [1, 2];

/**
 * R3F's root on a canvas that fills its container (frameloop "demand": no frame while nothing
 * changes), without R3F's `<Canvas>`: `<Canvas>` registers the whole three.js namespace as its JSX
 * catalogue (`extend(THREE)`), which keeps all of three.js in the /photos bundle. The gallery
 * creates its three.js objects in the engine and puts no three.js element in JSX, so it needs no
 * catalogue; what three.js the engine imports is all that is bundled. No R3F pointer events
 * either: the gallery handles input itself (useGalleryGestures).
 */
export function GalleryCanvas({
  engine,
  className,
  clearColor = 0xffffff,
  takeCanvas,
}: GalleryCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  // Not rendered by React: a taken canvas is another element, so both kinds are appended.
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const take = useRef(takeCanvas);
  const root = useRef<ReconcilerRoot<HTMLCanvasElement> | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [density, setDensity] = useState(() => window.devicePixelRatio);
  const [error, setError] = useState<Error | null>(null);
  // Like <Canvas>: a failure to create the renderer surfaces in the nearest error boundary.
  if (error) throw error;

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // Measured when the ResizeObserver reports, its first time included: after the browser's
    // own layout, in the frame after the mount. Read while the page mounts, the size forced a
    // layout of the whole page in that task, and the renderer (its WebGL context) was made in it
    // too (issue 34.10: no task of ours over 50 ms).
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setSize((current) =>
        current && current.width === rect.width && current.height === rect.height
          ? current
          : { width: rect.width, height: rect.height, top: rect.top, left: rect.left },
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Moving to a screen of another density changes the ratio without resizing anything.
    let query: MediaQueryList | null = null;
    const followDensity = () => {
      query?.removeEventListener('change', followDensity);
      query = window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`) ?? null;
      query?.addEventListener('change', followDensity);
      setDensity(window.devicePixelRatio);
    };
    followDensity();
    return () => {
      observer.disconnect();
      query?.removeEventListener('change', followDensity);
    };
  }, []);

  useLayoutEffect(() => {
    if (!container.current || !size || size.width === 0 || size.height === 0) return;
    if (!canvas.current) {
      const made = take.current?.() ?? document.createElement('canvas');
      made.style.display = 'block';
      made.style.width = '100%';
      made.style.height = '100%';
      container.current.appendChild(made);
      canvas.current = made;
    }
    const element = canvas.current;
    installThreeConsoleFilter();
    root.current ??= createRoot(element);
    const current = root.current;
    current
      .configure({ frameloop: 'demand', dpr: DPR, gl: GL_OPTIONS, size, events: undefined })
      .then(() => {
        if (root.current === current)
          current.render(<EngineDriver engine={engine} clearColor={clearColor} />);
      })
      .catch((reason: unknown) =>
        setError(reason instanceof Error ? reason : new Error('WebGL renderer failed')),
      );
  }, [size, density, engine, clearColor]);

  useEffect(
    () => () => {
      root.current?.unmount();
      root.current = null;
      canvas.current?.remove();
      canvas.current = null;
    },
    [],
  );

  return (
    <div
      ref={container}
      className={className}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}
    />
  );
}

/** Runs the engine inside R3F's frame loop and keeps frames coming only while it asks. */
function EngineDriver({ engine, clearColor }: { engine: GalleryEngine; clearColor: number }) {
  const gl = useThree((state) => state.gl);
  const invalidate = useThree((state) => state.invalidate);
  const scene = useThree((state) => state.scene);

  useEffect(() => {
    gl.setClearColor(clearColor, 1);
    invalidate();
  }, [gl, clearColor, invalidate]);

  useEffect(() => {
    engine.setInvalidate(() => invalidate());
    scene.add(engine.tiles.mesh);
    const element = gl.domElement;
    const lost = (event: Event) => {
      event.preventDefault(); // allows the browser to restore the context
      engine.onContextLost();
    };
    const restored = () => engine.onContextRestored();
    element.addEventListener('webglcontextlost', lost);
    element.addEventListener('webglcontextrestored', restored);
    invalidate();
    return () => {
      scene.remove(engine.tiles.mesh);
      engine.setInvalidate(() => undefined);
      element.removeEventListener('webglcontextlost', lost);
      element.removeEventListener('webglcontextrestored', restored);
    };
  }, [engine, gl, invalidate, scene]);

  useFrame(() => {
    if (engine.frame(gl, engine.clock.now())) invalidate();
  });
  return null;
}
