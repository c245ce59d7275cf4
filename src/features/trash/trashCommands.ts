import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { GalleryEngine } from '../../gallery';
import { api } from '../../platform/api';
import { confirmDialog } from '../../state/dialogs';
import { downloadGridFiles, selectedFileIds } from '../photoGrid';
import { purgeTrashed, restoreTrashed, TRASH_ZIP_NAME } from './trashActions';
import { hasTile } from './trashColumns';
import { listTrash, type TrashFacts } from './trashSource';
import { trashStore, type TrashProcess } from './trashStore';

export interface TrashCommands {
  /** One command at a time: the bar's buttons wait while this is set. */
  busy: boolean;
  /** The selection, or everything (`all`), back to the jobs it was deleted from. */
  restore: (all: boolean) => void;
  /** SPEC §2/§7: as "deleted items" archives, one per job. */
  download: (all: boolean) => void;
  /** Deleted for good, after the confirmation (SPEC §8 "empty trash" for everything). */
  purge: (all: boolean) => void;
}

/**
 * The trash page's commands over the selection or the whole trash. A live photo's movie (no
 * tile) goes with its master; files restored or deleted leave the grid, which stays selecting.
 */
export function useTrashCommands(
  engine: GalleryEngine | null,
  refresh: () => Promise<void>,
  facts: TrashFacts,
): TrashCommands {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (work: (engine: GalleryEngine) => Promise<void>) => {
      if (busy || !engine) return;
      setBusy(true);
      try {
        await work(engine);
      } finally {
        setBusy(false);
      }
    },
    [busy, engine],
  );
  // Everything: the whole trash as the server lists it, not only the pages the grid has shown.
  const idsOf = async (engine: GalleryEngine, all: boolean): Promise<string[]> => {
    if (!all) return selectedFileIds(engine);
    const files = await listTrash(api());
    facts.learn(files);
    return files.filter(hasTile).map((file) => file.id);
  };
  const afterwards = async (engine: GalleryEngine, gone: readonly string[]) => {
    engine.removeFiles(gone);
    engine.selection.clear();
    engine.selection.enterSelectionMode();
    await refresh();
  };
  const refs = (ids: readonly string[]) =>
    ids.map((id) => ({ id, job: facts.jobOf(id) ?? '' })).filter((ref) => ref.job);

  // SPEC §3 processingFiles: the files of a restore or delete are shown as such (dimmed, with
  // what is happening to them) until the task settles.
  const processing = async (
    engine: GalleryEngine,
    ids: readonly string[],
    process: TrashProcess,
    work: () => Promise<readonly string[]>,
  ) => {
    const end = trashStore.getState().begin(ids, process);
    engine.setPendingDelete(ids, true);
    try {
      await afterwards(engine, await work());
    } finally {
      engine.setPendingDelete(ids, false);
      end();
    }
  };

  const restore = (all: boolean) =>
    void run(async (engine) => {
      const ids = facts.withMembers(await idsOf(engine, all));
      const goToTimeline = () => void navigate('/photos');
      await processing(engine, ids, 'restore', () =>
        restoreTrashed(api(), refs(ids), goToTimeline),
      );
    });
  const download = (all: boolean) =>
    void run(async (engine) => {
      const byJob = new Map<string, string[]>();
      for (const id of await idsOf(engine, all)) {
        const job = facts.jobOf(id);
        if (!job) continue;
        const ids = byJob.get(job);
        if (ids) ids.push(id);
        else byJob.set(job, [id]);
      }
      for (const [jobId, ids] of byJob) {
        await downloadGridFiles(engine, jobId, ids, { source: 'trash', zipName: TRASH_ZIP_NAME });
      }
    });
  const purge = (all: boolean) =>
    void run(async (engine) => {
      const ids = await idsOf(engine, all);
      if (ids.length === 0) return;
      const confirmed = await confirmDialog({
        title: all
          ? { key: 'trash.emptyConfirmTitle' }
          : { key: 'trash.deleteConfirmTitle', values: { count: ids.length } },
        body: { key: 'trash.deleteConfirmBody', values: { count: ids.length } },
        confirmLabel: { key: 'trash.deleteConfirm' },
        destructive: true,
      });
      if (!confirmed) return;
      const files = facts.withMembers(ids);
      await processing(engine, files, 'delete', () => purgeTrashed(api(), files));
    });
  return { busy, restore, download, purge };
}
