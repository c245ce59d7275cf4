import { useState } from 'react';
import { actionFailure } from '../../api/errors';
import { queryClient } from '../../platform/queryClient';
import { showToast } from '../../state/toasts';
import { downloadFiles, exportAsJpeg } from '../downloads';
import { copyImageToClipboard } from './clipboard';
import { fileDetailQuery } from './fileQueries';
import type { CarouselFile, CarouselSource } from './types';

export interface CommandBusy {
  delete: boolean;
  copy: boolean;
  cover: boolean;
}

/**
 * The viewer's file actions with their SPEC §8 outcomes: download the original (direct),
 * export a HEIC as JPEG, copy the image (PNG), set as album cover (retry on failure), delete
 * with the page's wording and undo, after which the viewer moves on (`onDeleted`).
 */
export function useCarouselCommands(
  source: CarouselSource,
  file: CarouselFile | null,
  onDeleted: (id: string) => void,
) {
  const [busy, setBusy] = useState<CommandBusy>({ delete: false, copy: false, cover: false });
  const mark = (key: keyof CommandBusy, value: boolean) =>
    setBusy((old) => ({ ...old, [key]: value }));

  /** Size and path come with the list on the timeline; elsewhere from the file's details. */
  async function details(target: CarouselFile) {
    if (target.size !== undefined && target.path !== undefined) {
      return { size: target.size, path: target.path };
    }
    const detail = await queryClient.fetchQuery(fileDetailQuery(source.jobId, target.id));
    return { size: detail.size, path: detail.path };
  }

  async function download() {
    if (!file) return;
    try {
      const { size, path } = await details(file);
      await downloadFiles({ jobId: source.jobId, files: [{ id: file.id, size, path }] });
    } catch (error) {
      showToast({ kind: 'error', message: actionFailure(error, { key: 'downloads.failed' }) });
    }
  }

  async function exportJpeg() {
    if (!file) return;
    try {
      const { path } = await details(file);
      await exportAsJpeg({
        jobId: source.jobId,
        fileId: file.id,
        name: path.split('/').pop() ?? '',
      });
    } catch (error) {
      showToast({ kind: 'error', message: actionFailure(error, { key: 'downloads.failed' }) });
    }
  }

  async function copy() {
    if (!file || busy.copy) return;
    mark('copy', true);
    try {
      await copyImageToClipboard(source.thumbnailUrl(file.id, 1280));
      showToast({ message: { key: 'carousel.copy.done' } });
    } catch (error) {
      showToast({ kind: 'error', message: actionFailure(error, { key: 'carousel.copy.failed' }) });
    } finally {
      mark('copy', false);
    }
  }

  async function setCover() {
    const cover = source.capabilities.setCover;
    if (!file || !cover || busy.cover) return;
    const id = file.id;
    mark('cover', true);
    try {
      await cover.run(id);
      showToast({ message: { key: 'carousel.cover.done' } });
    } catch (error) {
      // SPEC §8: retry is offered for cover photo failures.
      showToast({
        kind: 'error',
        message: actionFailure(error, { key: 'carousel.cover.failed' }),
        action: { label: { key: 'common.retry' }, run: () => void cover.run(id) },
      });
    } finally {
      mark('cover', false);
    }
  }

  async function remove() {
    const deleteFiles = source.capabilities.deleteFiles;
    if (!file || !deleteFiles || busy.delete) return;
    const id = file.id;
    mark('delete', true);
    try {
      const deleted = await deleteFiles([id]);
      if (deleted.includes(id)) onDeleted(id);
    } finally {
      mark('delete', false);
    }
  }

  return { busy, download, exportJpeg, copy, setCover, remove };
}
