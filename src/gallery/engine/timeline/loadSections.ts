import type { TimelineModel } from './TimelineModel';

/** Direct loads run this many sections at a time, beside the viewport's own fetches. */
const DIRECT_LOAD_CONCURRENCY = 4;
/** A layout dropped by a resize during the load is asked for again, at most this often. */
const MAX_LAYOUT_ATTEMPTS = 4;

function abortError(): DOMException {
  return new DOMException('The section load was aborted.', 'AbortError');
}

/**
 * Loads sections wherever they are (TimelineModel.loadSections): each unloaded section is taken
 * from the viewport fetcher (so scrolling cannot cancel it), fetched with the caller's signal and
 * laid out; a section already loaded is only laid out again when its rects are stale.
 */
export async function loadSectionsNow(
  model: TimelineModel,
  indices: readonly number[],
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) throw abortError();
  const queue = [...new Set(indices)].filter((i) => i >= 0 && i < model.sectionCount);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      if (signal.aborted) throw abortError();
      await loadOne(model, queue[next++], signal);
    }
  };
  const workers = Math.min(DIRECT_LOAD_CONCURRENCY, queue.length);
  await Promise.all(Array.from({ length: workers }, worker));
  if (signal.aborted) throw abortError();
}

async function loadOne(model: TimelineModel, index: number, signal: AbortSignal): Promise<void> {
  const section = model.sections[index];
  if (!section) return;
  if (!section.files && model.claimForDirectLoad(index)) {
    const descriptor = section.descriptor;
    let files;
    try {
      files = await model.source.files(descriptor, signal);
    } catch (error) {
      if (model.sections[index]?.descriptor === descriptor) model.onFetchFailed(index);
      throw error;
    }
    if (model.sections[index]?.descriptor !== descriptor) return;
    await model.onFilesLoaded(index, files);
  }
  for (let attempt = 0; attempt < MAX_LAYOUT_ATTEMPTS && !model.isLaidOut(index); attempt++) {
    if (signal.aborted) throw abortError();
    if (!model.sections[index]?.files) return;
    await model.relayout(index);
  }
}
