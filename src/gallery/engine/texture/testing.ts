/**
 * Test doubles for the texture cache, for node (no WebGL, no ImageBitmap): a bitmap, a loader the
 * test settles by hand, and a real three.js WebGLRenderer over a recording WebGL2 stand-in, so the
 * tests see the exact GL calls three.js makes for our uploads. Not imported by app code.
 */
import { WebGLRenderer } from 'three';
import type { ThumbnailLoader } from './ThumbnailLoader';
import { TIER_LAYER_SIZE, type TextureTier } from './tiers';

export class FakeBitmap {
  closed = false;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly label = '',
  ) {}
  close(): void {
    this.closed = true;
  }
}

export function fakeBitmap(tier: TextureTier, label = ''): ImageBitmap {
  const size = TIER_LAYER_SIZE[tier];
  return new FakeBitmap(size, size, label);
}

export interface PendingLoad {
  fileId: string;
  tier: TextureTier;
  signal: AbortSignal;
  resolve(bitmap?: ImageBitmap): void;
  reject(error?: Error): void;
}

/** Records every load; the test settles them with `resolve`/`reject`, then awaits `flush()`. */
export class FakeLoader implements ThumbnailLoader {
  readonly calls: PendingLoad[] = [];

  load(fileId: string, tier: TextureTier, signal: AbortSignal): Promise<ImageBitmap> {
    return new Promise<ImageBitmap>((resolve, reject) => {
      this.calls.push({
        fileId,
        tier,
        signal,
        resolve: (bitmap) => resolve(bitmap ?? fakeBitmap(tier, fileId)),
        reject: (error) => reject(error ?? new Error('HTTP 404')),
      });
    });
  }

  /** Loads neither settled nor aborted. */
  running(): PendingLoad[] {
    return this.calls.filter((call) => !call.signal.aborted && !settled.has(call));
  }

  names(): string[] {
    return this.calls.map((call) => `${call.tier}:${call.fileId}`);
  }

  find(fileId: string, tier: TextureTier = 'small'): PendingLoad {
    const call = this.calls.findLast((c) => c.fileId === fileId && c.tier === tier);
    if (call === undefined) throw new Error(`no load of ${tier}:${fileId}`);
    return call;
  }

  resolve(fileId: string, tier: TextureTier = 'small', bitmap?: ImageBitmap): void {
    const call = this.find(fileId, tier);
    settled.add(call);
    call.resolve(bitmap);
  }

  reject(fileId: string, tier: TextureTier = 'small'): void {
    const call = this.find(fileId, tier);
    settled.add(call);
    call.reject();
  }
}

const settled = new WeakSet<PendingLoad>();

/** Lets promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

export interface GlCall {
  name: string;
  args: unknown[];
}

/**
 * A WebGL2 context stand-in: constants are distinct numbers, `getParameter` answers what three.js
 * asks at start-up, every other method is recorded. `describe` turns constants back into names.
 */
export function createFakeWebGL2(maxArrayTextureLayers = 2048) {
  const calls: GlCall[] = [];
  /** Every getParameter, by name: each is a synchronous round trip to the GPU process. */
  const reads: string[] = [];
  const byName = new Map<string, number>();
  const byValue = new Map<number, string>();
  let nextValue = 0x10000;
  let lost = false;
  const constant = (name: string): number => {
    let value = byName.get(name);
    if (value === undefined) {
      value = nextValue++;
      byName.set(name, value);
      byValue.set(value, name);
    }
    return value;
  };
  const methods: Record<string, (...args: never[]) => unknown> = {
    getParameter: (value: number) => {
      const name = byValue.get(value) ?? '';
      reads.push(name);
      if (name === 'VERSION') return 'WebGL 2.0';
      if (name === 'SHADING_LANGUAGE_VERSION') return 'WebGL GLSL ES 3.00';
      if (name === 'SCISSOR_BOX' || name === 'VIEWPORT') return new Int32Array([0, 0, 1, 1]);
      if (name === 'MAX_ARRAY_TEXTURE_LAYERS') return maxArrayTextureLayers;
      if (name.startsWith('MAX_')) return 4096;
      return 0;
    },
    getExtension: () => null,
    getSupportedExtensions: () => [],
    getContextAttributes: () => ({ alpha: true, depth: true, antialias: false }),
    getShaderPrecisionFormat: () => ({ precision: 23, rangeMin: 127, rangeMax: 127 }),
    isContextLost: () => lost,
    createTexture: () => ({ texture: nextValue++ }),
    createFramebuffer: () => ({ framebuffer: nextValue++ }),
  };
  const gl = new Proxy(methods, {
    get(target, property) {
      if (typeof property !== 'string') return undefined;
      if (property in target) return target[property];
      if (/^[A-Z0-9_]+$/.test(property)) return constant(property);
      return (...args: unknown[]) => {
        calls.push({ name: property, args });
      };
    },
  }) as unknown as WebGL2RenderingContext;
  const describe = (value: unknown): unknown =>
    typeof value === 'number' && byValue.has(value) ? byValue.get(value) : value;
  return {
    gl,
    calls,
    reads,
    /** Recorded calls of one method, constants given by name. */
    callsOf: (name: string): unknown[][] =>
      calls.filter((call) => call.name === name).map((call) => call.args.map(describe)),
    setLost: (value: boolean) => {
      lost = value;
    },
  };
}

/** A real WebGLRenderer on the stand-in, with a canvas that can lose and restore its context. */
export function createTestRenderer() {
  const fake = createFakeWebGL2();
  const listeners = new Map<string, ((event: { preventDefault(): void }) => void)[]>();
  const canvas = {
    width: 1,
    height: 1,
    style: {},
    addEventListener: (type: string, listener: (event: { preventDefault(): void }) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    removeEventListener: () => undefined,
  };
  const dispatch = (type: string): void => {
    for (const listener of listeners.get(type) ?? []) listener({ preventDefault: () => undefined });
  };
  const renderer = new WebGLRenderer({
    canvas: canvas as unknown as HTMLCanvasElement,
    context: fake.gl,
  });
  fake.calls.length = 0;
  fake.reads.length = 0;
  return {
    renderer,
    ...fake,
    /** texSubImage3D calls as [layer, width, height, source]. */
    layerUploads: (): unknown[][] =>
      fake.callsOf('texSubImage3D').map((args) => [args[4], args[5], args[6], args[10]]),
    loseContext: (): void => {
      fake.setLost(true);
      dispatch('webglcontextlost');
    },
    restoreContext: (): void => {
      fake.setLost(false);
      dispatch('webglcontextrestored');
    },
  };
}
