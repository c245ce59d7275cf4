/**
 * The library keeps an edit's geometry (crop box, annotations) in the coordinates of the image
 * as shown on its canvas, not in image pixels, and maps them to the image's own pixels only when
 * it exports. When the 1280 preview is swapped for the original at save time, the same canvas
 * shows the original at a slightly different size (the fit rounds differently), so the edit is
 * rescaled by shown-size ratio to land on the same spot: that is what makes the saved copy the
 * preview's edit at the original's resolution (features/editor/CONTEXT.md).
 */

export interface ShownSize {
  width: number;
  height: number;
}

export type Annotation = Record<string, unknown>;

export interface Crop {
  x?: number;
  y?: number;
  width?: number | null;
  height?: number | null;
  [key: string]: unknown;
}

export interface DesignGeometry {
  crop: Crop;
  annotations: Readonly<Record<string, Annotation>>;
}

/** Lengths of an annotation in shown pixels; ratios, angles, opacity and the like stay. */
const LENGTHS = [
  'x',
  'y',
  'width',
  'height',
  'radius',
  'radiusX',
  'radiusY',
  'fontSize',
  'strokeWidth',
  'letterSpacing',
  'padding',
  'cornerRadius',
  'pointerLength',
  'pointerWidth',
  'shadowOffsetX',
  'shadowOffsetY',
  'shadowBlur',
] as const;

const scaled = (value: unknown, factor: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value * factor : value;

function scaleAnnotation(annotation: Annotation, factor: number): Annotation {
  const out: Annotation = { ...annotation };
  for (const key of LENGTHS) if (key in out) out[key] = scaled(out[key], factor);
  if (Array.isArray(out.points)) out.points = out.points.map((p: unknown) => scaled(p, factor));
  return out;
}

/** The factor from one shown size to the other (their aspect is the image's, so one number). */
export function shownScale(from: ShownSize, to: ShownSize): number {
  if (!(from.width > 0 && to.width > 0)) return 1;
  return to.width / from.width;
}

/** The geometry of an edit made at `from` shown size, for the same image shown at `to`. */
export function rescaleDesign(design: DesignGeometry, factor: number): DesignGeometry {
  const { crop } = design;
  const annotations: Record<string, Annotation> = {};
  for (const [id, annotation] of Object.entries(design.annotations)) {
    annotations[id] = scaleAnnotation(annotation, factor);
  }
  return {
    crop: {
      ...crop,
      x: scaled(crop.x, factor) as number | undefined,
      y: scaled(crop.y, factor) as number | undefined,
      width: scaled(crop.width, factor) as number | null | undefined,
      height: scaled(crop.height, factor) as number | null | undefined,
    },
    annotations,
  };
}
