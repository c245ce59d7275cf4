import fs from 'node:fs';
import sharp from 'sharp';
import { setEncoding } from '../db/blobs';
import { KIND, type FileRow } from '../db/files';
import type { Db } from '../db/open';
import { analysePicture, type PictureAnalysis } from './analyse';
import { BlobStore } from './blobs';
import { PartialUploads } from './partials';
import { DecodeLimiter } from './decodes';
import { ffmpegPoster, findFfmpeg, generatedPoster } from './poster';
import { THUMB_AREAS, ThumbnailService, type ImageSources } from './thumbnails';

export interface VideoJob {
  sha1: string;
  /** The upload's path: the generated poster shows its name. */
  path: string;
  width: number;
  height: number;
  duration: number;
}

/**
 * Uploaded content and what is derived from it: blobs, posters, thumbnails, and the video
 * pipeline (processing → done). Videos are processed one at a time in the background so an
 * upload answers at once and ffmpeg never takes both cores.
 */
export class MediaService implements ImageSources {
  readonly blobs: BlobStore;
  /** Resumable uploads until they finish (issue 32). */
  readonly partials: PartialUploads;
  readonly thumbnails: ThumbnailService;
  /** Every decode of a user's picture holds a slot (decodes.ts). */
  readonly decodes = new DecodeLimiter();
  private readonly posters = new Map<string, Promise<string>>();
  private readonly pending = new Set<Promise<void>>();
  private queue: Promise<void> = Promise.resolve();
  /** Set by a test control: videos wait here before processing (see holdVideos). */
  private hold: { promise: Promise<void>; release: () => void } | null = null;

  constructor(
    private readonly db: Db,
    dataDir: string,
  ) {
    this.blobs = new BlobStore(dataDir);
    this.partials = new PartialUploads(dataDir);
    this.thumbnails = new ThumbnailService(dataDir, this, this.decodes);
  }

  /** An upload's analysis (analyse.ts) in a decode slot. */
  analysePicture(source: string): Promise<PictureAnalysis | null> {
    return this.decodes.run(() => analysePicture(source));
  }

  async imageFor(file: FileRow): Promise<string | null> {
    if (!file.blob) return null;
    if (file.kind === KIND.picture) return this.blobs.pathOf(file.blob);
    if (file.kind === KIND.movie) {
      return this.poster({
        sha1: file.blob,
        path: file.path,
        width: file.width,
        height: file.height,
        duration: file.duration,
      });
    }
    return null;
  }

  /** Queues a video's poster and thumbnails; its encoding status turns done (or failed) after. */
  processVideo(job: VideoJob): Promise<void> {
    const task = this.queue.then(async () => {
      await this.hold?.promise;
      try {
        const poster = await this.poster(job);
        const image = await fs.promises.readFile(poster);
        for (const area of THUMB_AREAS) {
          const jpeg = await sharp(image)
            .resize(area, area, { fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: 80 })
            .toBuffer();
          await this.thumbnails.put(job.sha1, area, jpeg);
        }
        setEncoding(this.db, job.sha1, 'done');
      } catch {
        setEncoding(this.db, job.sha1, 'failed');
      }
    });
    this.queue = task;
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
    return task;
  }

  /**
   * Test control (never on in `npm start`): while held, uploaded videos stay `processing`, so a
   * spec sees the SPEC §4 PROCESSING state before ENCODED however fast the machine is.
   */
  holdVideos(hold: boolean): void {
    if (hold && !this.hold) {
      let release = () => undefined as void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      this.hold = { promise, release };
    } else if (!hold && this.hold) {
      this.hold.release();
      this.hold = null;
    }
  }

  /** Resolves when no video is being processed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** The poster of a video, made once: a frame by ffmpeg when present, else a drawing. */
  private poster(job: VideoJob): Promise<string> {
    let pending = this.posters.get(job.sha1);
    if (!pending) {
      pending = this.makePoster(job).finally(() => this.posters.delete(job.sha1));
      this.posters.set(job.sha1, pending);
    }
    return pending;
  }

  private async makePoster(job: VideoJob): Promise<string> {
    const target = this.blobs.posterPathOf(job.sha1);
    try {
      await fs.promises.access(target);
      return target;
    } catch {
      // Not made yet.
    }
    const ffmpeg = await findFfmpeg();
    const frame = ffmpeg ? await ffmpegPoster(ffmpeg, this.blobs.pathOf(job.sha1)) : null;
    return this.blobs.putPoster(job.sha1, frame ?? (await generatedPoster(job.path, job)));
  }
}
