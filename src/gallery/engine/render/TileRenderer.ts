import {
  BufferGeometry,
  DataArrayTexture,
  DoubleSide,
  DynamicDrawUsage,
  Float32BufferAttribute,
  GLSL3,
  InstancedBufferAttribute,
  InstancedMesh,
  RawShaderMaterial,
  type Texture,
  Vector2,
  Vector3,
} from 'three';
import fragmentShader from '../../../../shaders/tile.frag.glsl?raw';
import vertexShader from '../../../../shaders/tile.vert.glsl?raw';

/** The texture pools' pages the renderer samples (TextureCache satisfies it). */
export interface TilePages {
  pages(tier: 'small' | 'large'): readonly Texture[];
  pageStarts(tier: 'small' | 'large'): readonly number[];
}

/** Samplers per tier in the tile shader (shaders/tile.frag.glsl): LayerPool's MAX_POOL_PAGES. */
const SAMPLERS = {
  small: ['uSmall0', 'uSmall1', 'uSmall2', 'uSmall3'],
  large: ['uLarge0', 'uLarge1', 'uLarge2', 'uLarge3'],
} as const;

const TIERS = ['small', 'large'] as const;

/** A page start past any layer a pool can have (MAX_ARRAY_TEXTURE_LAYERS is at most 2048 × 4). */
const NO_PAGE = 1e6;

/** What a page sampler holds before its page exists: one black texel, never read. */
function emptyPage(): DataArrayTexture {
  const texture = new DataArrayTexture(new Uint8Array(4), 1, 1, 1);
  texture.needsUpdate = true;
  return texture;
}

/** Enough for the smallest zoom on a 4K screen with margins; the mesh never grows per frame. */
export const DEFAULT_TILE_CAPACITY = 4096;

/**
 * One instanced mesh draws every visible tile in a single draw call, however large the library.
 * Per-instance data lives in typed arrays that the frame loop overwrites in place; only the
 * used range is uploaded.
 */
export class TileRenderer {
  readonly mesh: InstancedMesh<BufferGeometry, RawShaderMaterial>;
  readonly capacity: number;
  private readonly rect: InstancedBufferAttribute;
  private readonly layer: InstancedBufferAttribute;
  private readonly fade: InstancedBufferAttribute;
  private readonly color: InstancedBufferAttribute;
  private readonly scale: InstancedBufferAttribute;
  private readonly state: InstancedBufferAttribute;
  private readonly crop: InstancedBufferAttribute;
  private readonly viewport = new Vector2(1, 1);
  private readonly attributeList: readonly InstancedBufferAttribute[];
  private count = 0;
  private readonly empty = emptyPage();
  /** The first layer of pages 1–3 of each tier (shaders/tile.frag.glsl uSmallStarts, uLargeStarts). */
  private readonly pageStarts = { small: new Vector3(), large: new Vector3() };

  constructor(pages: TilePages, capacity = DEFAULT_TILE_CAPACITY) {
    this.capacity = capacity;
    const geometry = new BufferGeometry();
    // Two triangles of a unit quad; the vertex shader scales it to each tile's rect.
    geometry.setAttribute(
      'position',
      new Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], 3),
    );
    this.rect = instanced(geometry, 'aRect', capacity, 4);
    this.layer = instanced(geometry, 'aLayer', capacity, 2);
    this.fade = instanced(geometry, 'aFade', capacity, 1);
    this.color = instanced(geometry, 'aColor', capacity, 3);
    this.scale = instanced(geometry, 'aScale', capacity, 1);
    this.state = instanced(geometry, 'aState', capacity, 1);
    this.crop = instanced(geometry, 'aCrop', capacity, 2);
    const material = new RawShaderMaterial({
      glslVersion: GLSL3,
      vertexShader,
      fragmentShader,
      uniforms: {
        uViewport: { value: this.viewport },
        uSmallStarts: { value: this.pageStarts.small },
        uLargeStarts: { value: this.pageStarts.large },
        ...Object.fromEntries(
          [...SAMPLERS.small, ...SAMPLERS.large].map((name) => [name, { value: this.empty }]),
        ),
      },
      // The quad is wound in pixel space (y down), so it faces away after the y flip: draw both sides.
      side: DoubleSide,
      depthTest: false,
      depthWrite: false,
      transparent: false,
    });
    this.attributeList = [
      this.rect,
      this.layer,
      this.fade,
      this.color,
      this.scale,
      this.state,
      this.crop,
    ];
    this.mesh = new InstancedMesh(geometry, material, capacity);
    // Positions come from attributes, not the mesh's matrix: three's culling would be wrong.
    this.mesh.frustumCulled = false;
    this.mesh.count = 0;
    this.setPages(pages);
  }

  setViewport(width: number, height: number): void {
    this.viewport.set(Math.max(1, width), Math.max(1, height));
  }

  /**
   * Points the samplers at the pools' pages (once a frame: a page appears when the ones before
   * it fill up). A sampler without a page holds a 1-texel texture, so an unused page is never
   * allocated by being bound.
   */
  setPages(source: TilePages): void {
    const uniforms = this.mesh.material.uniforms;
    for (const tier of TIERS) {
      const pages = source.pages(tier);
      const names = SAMPLERS[tier];
      for (let p = 0; p < names.length; p++) uniforms[names[p]].value = pages[p] ?? this.empty;
    }
    for (const tier of TIERS) {
      const starts = source.pageStarts(tier);
      // A page the pool does not have starts past every layer, so the shader never picks it.
      this.pageStarts[tier].set(starts[1] ?? NO_PAGE, starts[2] ?? NO_PAGE, starts[3] ?? NO_PAGE);
    }
  }

  /** Starts a frame's instance list. */
  begin(): void {
    this.count = 0;
  }

  /**
   * Adds one tile. `y` is camera-relative (layout y minus scroll position), already small.
   * Returns false when the capacity is reached (the rest of the frame's tiles are dropped).
   */
  push(
    x: number,
    y: number,
    w: number,
    h: number,
    smallLayer: number,
    largeLayer: number,
    fade: number,
    rgb: number,
    scale = 1,
    state = 0,
    /** The image's width / height: where it differs from the tile's, its centre fills the tile. */
    imageAspect = 0,
  ): boolean {
    const i = this.count;
    if (i >= this.capacity) return false;
    const r = this.rect.array as Float32Array;
    r[i * 4] = x;
    r[i * 4 + 1] = y;
    r[i * 4 + 2] = w;
    r[i * 4 + 3] = h;
    const l = this.layer.array as Float32Array;
    l[i * 2] = smallLayer;
    l[i * 2 + 1] = largeLayer;
    (this.fade.array as Float32Array)[i] = fade;
    const c = this.color.array as Float32Array;
    c[i * 3] = ((rgb >> 16) & 255) / 255;
    c[i * 3 + 1] = ((rgb >> 8) & 255) / 255;
    c[i * 3 + 2] = (rgb & 255) / 255;
    (this.scale.array as Float32Array)[i] = scale;
    (this.state.array as Float32Array)[i] = state;
    const k = this.crop.array as Float32Array;
    const tileAspect = w / Math.max(h, 1e-6);
    // The part of the texture shown, as a fraction of each side (1, 1: all of it).
    k[i * 2] = imageAspect > tileAspect * 1.01 ? tileAspect / imageAspect : 1;
    k[i * 2 + 1] =
      imageAspect > 0 && imageAspect < tileAspect / 1.01 ? imageAspect / tileAspect : 1;
    this.count = i + 1;
    return true;
  }

  /** Ends the frame's list: uploads only the used range of each attribute. */
  end(): number {
    const count = this.count;
    this.mesh.count = count;
    for (const attribute of this.attributes) {
      attribute.clearUpdateRanges();
      attribute.addUpdateRange(0, count * attribute.itemSize);
      attribute.needsUpdate = true;
    }
    return count;
  }

  /** The packed selection state (render/tileState.ts) of instance i of the last frame. */
  stateAt(i: number): number {
    return (this.state.array as Float32Array)[i] ?? 0;
  }

  /** The scale of instance i of the last frame. */
  /** The large tier's fade of instance i (0 small only, 1 large only). */
  fadeAt(i: number): number {
    return (this.fade.array as Float32Array)[i] ?? 0;
  }

  scaleAt(i: number): number {
    return (this.scale.array as Float32Array)[i] ?? 1;
  }

  private get attributes(): readonly InstancedBufferAttribute[] {
    return this.attributeList;
  }

  get instanceCount(): number {
    return this.count;
  }

  dispose(): void {
    this.empty.dispose();
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
  }
}

function instanced(
  geometry: BufferGeometry,
  name: string,
  capacity: number,
  itemSize: number,
): InstancedBufferAttribute {
  const attribute = new InstancedBufferAttribute(new Float32Array(capacity * itemSize), itemSize);
  attribute.setUsage(DynamicDrawUsage);
  geometry.setAttribute(name, attribute);
  return attribute;
}
