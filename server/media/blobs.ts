import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Received {
  /** The upload as written, waiting to be committed under its sha1 or discarded. */
  temp: string;
  sha1: string;
  size: number;
}

const SHA1 = /^[0-9a-f]{40}$/;

/**
 * Content on disk by checksum: DATA_DIR/blobs/<2 hex>/<sha1>, written through a temp file in the
 * same tree (so the final rename is atomic) while the sha1 is computed in the same pass. Posters
 * of videos sit beside, under DATA_DIR/posters.
 */
export class BlobStore {
  readonly root: string;
  private readonly tempDir: string;
  private readonly posterRoot: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'blobs');
    this.tempDir = path.join(this.root, 'tmp');
    this.posterRoot = path.join(dataDir, 'posters');
  }

  pathOf(sha1: string): string {
    if (!SHA1.test(sha1)) throw new Error(`not a sha1: ${sha1}`);
    return path.join(this.root, sha1.slice(0, 2), sha1);
  }

  posterPathOf(sha1: string): string {
    if (!SHA1.test(sha1)) throw new Error(`not a sha1: ${sha1}`);
    return path.join(this.posterRoot, sha1.slice(0, 2), `${sha1}.jpg`);
  }

  /**
   * Streams `source` to a temp file, hashing as it goes. Past `limit` bytes the write stops and
   * `tooLarge()` is thrown (nothing is left behind), so a quota is enforced while reading.
   */
  async receive(source: Readable, limit: number, tooLarge: () => Error): Promise<Received> {
    const temp = await this.newTemp();
    const hash = createHash('sha1');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) return done(tooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, fs.createWriteStream(temp));
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    return { temp, sha1: hash.digest('hex'), size };
  }

  /**
   * A fresh temp path in the blob tree (its directory made): content moved here (a finished
   * resumable upload, issue 32) is then a Received like a streamed upload.
   */
  async newTemp(): Promise<string> {
    await fs.promises.mkdir(this.tempDir, { recursive: true });
    return path.join(this.tempDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  /** Moves a received file into place; when the content is already stored the copy is dropped. */
  async commit(received: Received): Promise<string> {
    const target = this.pathOf(received.sha1);
    if (await this.has(received.sha1)) {
      await this.discard(received);
      return target;
    }
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(received.temp, target);
    return target;
  }

  async discard(received: Pick<Received, 'temp'>): Promise<void> {
    await fs.promises.rm(received.temp, { force: true });
  }

  async has(sha1: string): Promise<boolean> {
    try {
      await fs.promises.access(this.pathOf(sha1));
      return true;
    } catch {
      return false;
    }
  }

  /** Writes a poster atomically (write, then rename). */
  async putPoster(sha1: string, jpeg: Buffer): Promise<string> {
    const target = this.posterPathOf(sha1);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.promises.writeFile(temp, jpeg);
    await fs.promises.rename(temp, target);
    return target;
  }
}
