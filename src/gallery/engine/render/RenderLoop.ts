import { OrthographicCamera, Scene, WebGLRenderer, type WebGLRendererParameters } from 'three';
import type { FrameClock } from '../clock';

/** The renderer of the gallery's canvas: no antialiasing (tiles are axis-aligned), opaque. */
export function createGalleryRenderer(
  canvas: HTMLCanvasElement,
  parameters: WebGLRendererParameters = {},
): WebGLRenderer {
  return new WebGLRenderer({
    canvas,
    antialias: false,
    alpha: false,
    powerPreference: 'high-performance',
    ...parameters,
  });
}

/** Device pixels per CSS pixel the canvas is drawn at: 1 to 2, past 2 nothing is visible. */
export function canvasPixelRatio(devicePixelRatio: number): number {
  return Math.min(2, Math.max(1, devicePixelRatio || 1));
}

/**
 * Draws the gallery's scene on demand: no frame while nothing changes, one frame per
 * `invalidate` (however many ask before it runs), and frames back to back while `frame` says
 * something still moves. Frames come from the FrameClock, so tests drive them by hand. It holds
 * what three.js needs to draw and nothing else: the gallery has one instanced mesh, positioned
 * in pixels by its own shader, so the camera is only there because `render` takes one.
 */
export class RenderLoop {
  readonly scene = new Scene();
  private readonly camera = new OrthographicCamera();
  private handle = -1;
  private disposed = false;

  constructor(
    readonly gl: WebGLRenderer,
    private readonly clock: FrameClock,
    /** Runs before each draw; returns true to ask for another frame. */
    private readonly frame: (gl: WebGLRenderer, now: number) => boolean,
  ) {}

  /** The canvas's CSS size and the device pixel ratio; the next frame draws at that size. */
  setSize(width: number, height: number, devicePixelRatio: number): void {
    this.gl.setPixelRatio(canvasPixelRatio(devicePixelRatio));
    // The canvas's CSS size stays the stylesheet's (100%): only the drawing buffer changes.
    this.gl.setSize(Math.max(1, width), Math.max(1, height), false);
    this.invalidate();
  }

  /** Asks for one frame, unless one is already asked for. */
  readonly invalidate = (): void => {
    if (this.handle >= 0 || this.disposed) return;
    this.handle = this.clock.requestFrame(this.tick);
  };

  get framePending(): boolean {
    return this.handle >= 0;
  }

  dispose(): void {
    this.disposed = true;
    if (this.handle >= 0) this.clock.cancelFrame(this.handle);
    this.handle = -1;
    this.scene.clear();
  }

  private readonly tick = (): void => {
    this.handle = -1;
    if (this.disposed) return;
    const more = this.frame(this.gl, this.clock.now());
    this.gl.render(this.scene, this.camera);
    if (more) this.invalidate();
  };
}
