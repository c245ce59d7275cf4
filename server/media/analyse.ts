import sharp from 'sharp';
import { THUMBNAIL_SIZES } from '../../src/domain/constants';
import { LIMIT_INPUT_PIXELS } from './decodes';
import { readExif, type ExifFields } from './exif';
import { readVideoInfo } from './mp4';
import type { ThumbArea } from './thumbnails';

export interface PictureAnalysis {
  /** After EXIF orientation is applied (what a viewer shows). */
  width: number;
  height: number;
  metadata: ExifFields;
  captureTime: number | null;
  thumbs: Map<ThumbArea, Buffer>;
}

const JPEG = { quality: 80 } as const;

/**
 * Decodes an uploaded picture once for both thumbnail sizes: the 1280 one from the original
 * (libvips shrinks JPEGs while decoding), the 256 one from that, which is far cheaper than a
 * second decode. Null when sharp cannot read it or it has more than `limitInputPixels` (see
 * decodes.ts); the file is still stored and drawn synthetically. Callers hold a decode slot
 * (`MediaService.analysePicture`).
 */
export async function analysePicture(
  source: string,
  options: { limitInputPixels: number } = { limitInputPixels: LIMIT_INPUT_PIXELS },
): Promise<PictureAnalysis | null> {
  const open = { failOn: 'none', limitInputPixels: options.limitInputPixels } as const;
  try {
    const meta = await sharp(source, open).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > options.limitInputPixels) return null;
    const [SMALL, LARGE] = THUMBNAIL_SIZES;
    const large = await sharp(source, open)
      .rotate()
      .resize(LARGE, LARGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg(JPEG)
      .toBuffer();
    const small = await sharp(large)
      .resize(SMALL, SMALL, { fit: 'inside', withoutEnlargement: true })
      .jpeg(JPEG)
      .toBuffer();
    const turned = (meta.orientation ?? 1) >= 5;
    const width = meta.autoOrient?.width ?? (turned ? meta.height : meta.width) ?? 0;
    const height = meta.autoOrient?.height ?? (turned ? meta.width : meta.height) ?? 0;
    const exif = readExif(meta.exif);
    return {
      width,
      height,
      metadata: exif.fields,
      captureTime: exif.captureTime,
      thumbs: new Map<ThumbArea, Buffer>([
        [LARGE, large],
        [SMALL, small],
      ]),
    };
  } catch {
    return null;
  }
}

export interface VideoAnalysis {
  width: number;
  height: number;
  duration: number;
  captureTime: number | null;
}

/** What the container says (ISO-BMFF only); zeros when it cannot be read. */
export async function analyseVideo(source: string): Promise<VideoAnalysis> {
  const info = await readVideoInfo(source);
  return info ?? { width: 0, height: 0, duration: 0, captureTime: null };
}
