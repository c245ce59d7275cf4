import type { FilesAnswerWorkerApi, OpenedAnswer } from './filesAnswer.shared';

/**
 * The files-answer worker's side (filesAnswer.worker.ts exposes it; tests call it directly):
 * answers parsed and kept by handle until the client closes them. It only parses: the check of
 * the files runs on the main thread in slices (zod here would add 26 KB gzip to /photos).
 */
export function filesAnswerApi(): FilesAnswerWorkerApi {
  const opened = new Map<number, readonly unknown[]>();
  let nextHandle = 1;
  return {
    async open(answer): Promise<OpenedAnswer> {
      let value: unknown;
      try {
        value = JSON.parse(await answer.text());
      } catch {
        return { ok: false };
      }
      const files = (value as { files?: unknown } | null)?.files;
      if (typeof value !== 'object' || value === null || !Array.isArray(files)) {
        return { ok: false };
      }
      const handle = nextHandle++;
      opened.set(handle, files);
      return { ok: true, handle, length: files.length };
    },
    slice(handle, from, count) {
      return (opened.get(handle) ?? []).slice(from, from + count);
    },
    close(handle) {
      opened.delete(handle);
    },
  };
}
