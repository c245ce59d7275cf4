import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { THUMBNAIL_SIZES, type ThumbnailSize } from '../../src/domain/constants';
import type { FileRow } from '../db/files';
import { fileIdOf } from '../db/ids';
import { DecodeLimiter } from './decodes';
import { Lru } from './lru';
import { renderThumbnail } from './synthetic';

/** SPEC §9 thumbnail sizes: the `area` of the SPEC §7 thumbnail route. */
export type ThumbArea = ThumbnailSize;
export const THUMB_AREAS: readonly ThumbArea[] = THUMBNAIL_SIZES;

export interface CachedThumb {
  file: string;
  etag: string;
  size: number;
}

/** Where the picture a file's thumbnails are drawn from lives (upload or poster), if anywhere. */
export interface ImageSources {
  imageFor(file: FileRow): Promise<string | null>;
}

/** Hot thumbnails are answered from memory: no open/read/close per request. */
const MEMORY_BYTES = 64 * 1024 * 1024;

// Bump when the drawing changes, so browsers holding "immutable" copies fetch the new one.
const RENDER_VERSION = 1;

/**
 * Thumbnails on disk, rendered on first request: DATA_DIR/thumbs/<area>/<shard>/<id>.jpg for
 * seeded files, and thumbs/<area>/b/<shard>/<sha1>.jpg for uploaded content (shared by every
 * file with that content; uploads write both sizes up front through `put`). A small LRU
 * remembers which exist so a hit costs no stat, and concurrent first requests for one thumbnail
 * share a single render.
 */
export class ThumbnailService {
  private readonly known = new Lru<string, CachedThumb>(20_000);
  private readonly memory = new Lru<string, Buffer>(MEMORY_BYTES, (data) => data.length);
  private readonly rendering = new Map<string, Promise<CachedThumb>>();
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly sources: ImageSources | null = null,
    /** Drawing from a user's picture decodes it: one slot of the media service's limiter. */
    private readonly decodes: DecodeLimiter = new DecodeLimiter(),
  ) {
    this.root = path.join(dataDir, 'thumbs');
  }

  async get(file: FileRow, area: ThumbArea): Promise<CachedThumb> {
    const place = this.placeOf(file, area);
    const hit = this.known.get(place.key);
    if (hit) return hit;
    let pending = this.rendering.get(place.key);
    if (!pending) {
      pending = this.load(place, file, area).finally(() => this.rendering.delete(place.key));
      this.rendering.set(place.key, pending);
    }
    const thumb = await pending;
    this.known.set(place.key, thumb);
    return thumb;
  }

  /** The JPEG bytes of a thumbnail from `get`, from memory when it was asked for lately. */
  async bytes(thumb: CachedThumb): Promise<Buffer> {
    const hit = this.memory.get(thumb.file);
    if (hit) return hit;
    const data = await fs.promises.readFile(thumb.file);
    this.memory.set(thumb.file, data);
    return data;
  }

  /** Stores a thumbnail made elsewhere (the upload path) for content `sha1`. */
  async put(sha1: string, area: ThumbArea, jpeg: Buffer): Promise<CachedThumb> {
    const place = this.blobPlace(sha1, area);
    await writeAtomically(place.target, jpeg);
    const thumb = { file: place.target, etag: place.etag, size: jpeg.length };
    this.known.set(place.key, thumb);
    this.memory.set(place.target, jpeg);
    return thumb;
  }

  private placeOf(file: FileRow, area: ThumbArea) {
    if (file.blob) return this.blobPlace(file.blob, area);
    const id = fileIdOf(file.id, file.tag);
    return {
      key: `${id}@${area}`,
      target: path.join(this.root, String(area), id.slice(4, 6), `${id}.jpg`),
      etag: `"${id}-${area}-v${RENDER_VERSION}"`,
    };
  }

  private blobPlace(sha1: string, area: ThumbArea) {
    return {
      key: `b:${sha1}@${area}`,
      target: path.join(this.root, String(area), 'b', sha1.slice(0, 2), `${sha1}.jpg`),
      etag: `"${sha1.slice(0, 16)}-${area}-v${RENDER_VERSION}"`,
    };
  }

  private async load(
    place: { target: string; etag: string },
    file: FileRow,
    area: ThumbArea,
  ): Promise<CachedThumb> {
    try {
      const stat = await fs.promises.stat(place.target);
      return { file: place.target, etag: place.etag, size: stat.size };
    } catch {
      // Not rendered yet.
    }
    const source = file.blob && this.sources ? await this.sources.imageFor(file) : null;
    const jpeg = source
      ? await this.decodes.run(() => renderThumbnail(file, area, source))
      : await renderThumbnail(file, area);
    await writeAtomically(place.target, jpeg);
    this.memory.set(place.target, jpeg);
    return { file: place.target, etag: place.etag, size: jpeg.length };
  }
}

/** Write then rename: a reader never sees half a file. */
async function writeAtomically(target: string, data: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.promises.writeFile(temp, data);
  await fs.promises.rename(temp, target);
}
