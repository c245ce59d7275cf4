import type { GalleryEngine } from '../../gallery';

/**
 * The ids of every selected file, in timeline order. Sections selected but not loaded (select
 * all, a month header) are loaded first, so an action gets all of them.
 */
export async function selectedFileIds(engine: GalleryEngine): Promise<string[]> {
  const unloaded = engine.selection.selectedUnloadedSections();
  if (unloaded.length > 0) {
    await engine.timeline.loadSections(unloaded, new AbortController().signal);
    engine.selection.syncSizes();
  }
  return engine.selection.selectedIds();
}

/** Size and path of loaded files by id (downloads need both), in the order of `ids`. */
export function filesWithDetails(
  engine: GalleryEngine,
  ids: readonly string[],
): { id: string; size: number; path: string }[] {
  const wanted = new Set(ids);
  const found = new Map<string, { id: string; size: number; path: string }>();
  const { timeline } = engine;
  for (let s = 0; s < timeline.sectionCount && found.size < wanted.size; s++) {
    const files = timeline.sections[s].files;
    if (!files) continue;
    for (let i = 0; i < files.ids.length; i++) {
      const id = files.ids[i];
      if (!wanted.has(id)) continue;
      found.set(id, { id, size: files.sizes?.[i] ?? 0, path: files.paths?.[i] ?? id });
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
