import { createRoot, type ReconcilerRoot, type RenderProps } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

type CanvasOptions = Pick<RenderProps<HTMLCanvasElement>, 'frameloop' | 'dpr' | 'gl' | 'onCreated'>;

interface GalleryCanvasProps extends CanvasOptions {
  className?: string;
  children: ReactNode;
}

interface Size {
  width: number;
  height: number;
  top: number;
  left: number;
}

/**
 * R3F's root on a canvas that fills its container, without R3F's `<Canvas>`: `<Canvas>` registers
 * the whole three.js namespace as its JSX catalogue (`extend(THREE)`), which keeps all of three.js
 * in the /photos bundle. The gallery creates its three.js objects in the engine and puts no
 * three.js element in JSX, so it needs no catalogue; what three.js the engine imports is all that
 * is bundled. No R3F pointer events either: the gallery handles input itself (useGalleryInput).
 */
export function GalleryCanvas({
  className,
  children,
  frameloop,
  dpr,
  gl,
  onCreated,
}: GalleryCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const root = useRef<ReconcilerRoot<HTMLCanvasElement> | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [error, setError] = useState<Error | null>(null);
  // Like <Canvas>: a failure to create the renderer surfaces in the nearest error boundary.
  if (error) throw error;

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      setSize((current) =>
        current && current.width === rect.width && current.height === rect.height
          ? current
          : { width: rect.width, height: rect.height, top: rect.top, left: rect.left },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element || !size || size.width === 0 || size.height === 0) return;
    root.current ??= createRoot(element);
    const current = root.current;
    current
      .configure({ frameloop, dpr, gl, onCreated, size, events: undefined })
      .then(() => {
        if (root.current === current) current.render(children);
      })
      .catch((reason: unknown) =>
        setError(reason instanceof Error ? reason : new Error('WebGL renderer failed')),
      );
  }, [size, frameloop, dpr, gl, onCreated, children]);

  useEffect(
    () => () => {
      root.current?.unmount();
      root.current = null;
    },
    [],
  );

  return (
    <div
      ref={container}
      className={className}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}
    >
      <canvas ref={canvas} style={{ display: 'block', width: '100%', height: '100%' }} />
    </div>
  );
}
