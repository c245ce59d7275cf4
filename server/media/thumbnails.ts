import fs from 'node:fs';
import path from 'node:path';
import type { FileRow } from '../db/files';
import { fileIdOf } from '../db/ids';
import { Lru } from './lru';
import { renderThumbnail } from './synthetic';

export type ThumbArea = 256 | 1280;

export interface CachedThumb {
  file: string;
  etag: string;
  size: number;
}

// Bump when the drawing changes, so browsers holding "immutable" copies fetch the new one.
const RENDER_VERSION = 1;

/**
 * Thumbnails on disk under DATA_DIR/thumbs/<area>/<shard>/<id>.jpg, rendered on first request.
 * A small LRU remembers which exist so a hit costs no stat, and concurrent first requests for one
 * thumbnail share a single render.
 */
export class ThumbnailService {
  private readonly known = new Lru<string, CachedThumb>(20_000);
  private readonly rendering = new Map<string, Promise<CachedThumb>>();
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'thumbs');
  }

  async get(file: FileRow, area: ThumbArea): Promise<CachedThumb> {
    const id = fileIdOf(file.id, file.tag);
    const key = `${id}@${area}`;
    const hit = this.known.get(key);
    if (hit) return hit;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.load(id, file, area).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    const thumb = await pending;
    this.known.set(key, thumb);
    return thumb;
  }

  private async load(id: string, file: FileRow, area: ThumbArea): Promise<CachedThumb> {
    const dir = path.join(this.root, String(area), id.slice(4, 6));
    const target = path.join(dir, `${id}.jpg`);
    const etag = `"${id}-${area}-v${RENDER_VERSION}"`;
    try {
      const stat = await fs.promises.stat(target);
      return { file: target, etag, size: stat.size };
    } catch {
      // Not rendered yet.
    }
    const jpeg = await renderThumbnail(file, area);
    await fs.promises.mkdir(dir, { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.promises.writeFile(temp, jpeg);
    await fs.promises.rename(temp, target);
    return { file: target, etag, size: jpeg.length };
  }
}
