import type { FilesAnswerWorkerApi, OpenedAnswer } from './filesAnswer.shared';
import { checkFileSlice, FilesEnvelopeSchema } from './filesCheck';

/**
 * The files-answer worker's side (filesAnswer.worker.ts exposes it; tests call it directly):
 * answers opened and kept by handle until the client closes them.
 */
export function filesAnswerApi(): FilesAnswerWorkerApi {
  const opened = new Map<number, readonly unknown[]>();
  let nextHandle = 1;
  return {
    async open(answer): Promise<OpenedAnswer> {
      const text = await answer.text();
      let value: unknown;
      try {
        // An empty answer reads as undefined, as parseJsonAnswer reads it.
        value = text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        return { ok: false, notJson: true };
      }
      const parsed = FilesEnvelopeSchema.safeParse(value);
      if (!parsed.success) {
        const issues = parsed.error.issues.map(({ path, message }) => ({ path, message }));
        return { ok: false, notJson: false, issues };
      }
      const handle = nextHandle++;
      opened.set(handle, parsed.data.files);
      return { ok: true, handle, length: parsed.data.files.length };
    },
    check(handle, from, count) {
      const items = opened.get(handle) ?? [];
      return checkFileSlice(items.slice(from, from + count), from);
    },
    close(handle) {
      opened.delete(handle);
    },
  };
}
