import type { CarouselFile, CarouselLocated, CarouselSource } from './types';

/**
 * A viewer source over a short list held whole in memory (a share's files): positions are list
 * indexes, nothing is loaded on a step. Deleting is not offered unless the page passes it.
 */
export function listSource(
  files: readonly CarouselFile[],
  options: Omit<CarouselSource, 'locate' | 'peek' | 'neighbour'>,
): CarouselSource {
  let list = [...files];
  const at = (fileId: string) => list.findIndex((f) => f.id === fileId);
  const located = (index: number): CarouselLocated | null =>
    index < 0 ? null : { file: list[index], position: { index, total: list.length } };
  return {
    ...options,
    peek: (fileId) => located(at(fileId)),
    locate: (fileId) => Promise.resolve(located(at(fileId))),
    neighbour(fileId, delta) {
      const index = at(fileId);
      const next = index < 0 ? -1 : index + delta;
      return Promise.resolve(next >= 0 && next < list.length ? list[next] : null);
    },
    removeFiles(ids) {
      const gone = new Set(ids);
      list = list.filter((f) => !gone.has(f.id));
      options.removeFiles?.(ids);
    },
  };
}
