import type { TrashFile } from '../../api/contract/trash';
import { FILE_KIND, type SectionFiles } from '../../gallery';

/** Whether a trashed file gets a tile: a group's non-master files (a live photo's movie) do not. */
export const hasTile = (file: TrashFile) =>
  file.type !== 'document' && (file.group_type === undefined || file.master === '1');

const kindOf = (file: TrashFile) =>
  file.type === 'movie'
    ? FILE_KIND.video
    : file.screenshot
      ? FILE_KIND.screenshot
      : FILE_KIND.picture;

const grown = <T extends Float32Array | Float64Array | Uint8Array>(
  from: T,
  make: (n: number) => T,
  capacity: number,
): T => {
  const next = make(capacity);
  next.set(from);
  return next;
};

/**
 * The tiles of one trash group as the engine's columns, grown a page at a time: a group's files
 * only ever gain pages at their end (`TrashPages.more`), so each page's files are read once,
 * not the whole group again on every page (at 50,000 trashed files that was most of the trash's
 * script while it scrolled). `columns()` answers copies: the engine transfers the aspects to
 * its layout worker, and keeps the old files beside the new while it swaps them.
 */
export class TrashColumns {
  private ids: string[] = [];
  private paths: string[] = [];
  private aspects = new Float32Array(64);
  private times = new Float64Array(64);
  private kinds = new Uint8Array(64);
  private durations = new Float32Array(64);
  private sizes = new Float64Array(64);
  /** How many of the group's listed files (tiles or not) have been read. */
  private read = 0;

  /** Reads the files of `listed` past those read before: `listed` only grows at its end. */
  update(listed: readonly TrashFile[]): this {
    for (; this.read < listed.length; this.read++) {
      const file = listed[this.read];
      if (hasTile(file)) this.push(file);
    }
    return this;
  }

  columns(): SectionFiles {
    const n = this.ids.length;
    return {
      ids: this.ids.slice(),
      aspects: this.aspects.slice(0, n),
      times: this.times.slice(0, n),
      kinds: this.kinds.slice(0, n),
      durations: this.durations.slice(0, n),
      sizes: this.sizes.slice(0, n),
      paths: this.paths.slice(),
    };
  }

  private push(file: TrashFile): void {
    const i = this.ids.length;
    if (i === this.aspects.length) {
      const capacity = i * 2;
      this.aspects = grown(this.aspects, (n) => new Float32Array(n), capacity);
      this.times = grown(this.times, (n) => new Float64Array(n), capacity);
      this.kinds = grown(this.kinds, (n) => new Uint8Array(n), capacity);
      this.durations = grown(this.durations, (n) => new Float32Array(n), capacity);
      this.sizes = grown(this.sizes, (n) => new Float64Array(n), capacity);
    }
    this.ids.push(file.id);
    this.paths.push(file.path);
    this.aspects[i] = file.width > 0 && file.height > 0 ? file.width / file.height : 4 / 3;
    this.times[i] = file.ctime || file.mtime;
    this.kinds[i] = kindOf(file);
    this.durations[i] = file.duration ?? 0;
    this.sizes[i] = file.size;
  }
}
