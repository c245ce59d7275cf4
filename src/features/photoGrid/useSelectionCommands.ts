import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GalleryEngine } from '../../gallery';
import { mayUndoDelete } from '../../domain/undoDelete';
import { api } from '../../platform/api';
import { isReadOnlyUser } from '../../platform/queries';
import { downloadFiles } from '../downloads';
import { createFileActions, type FileActions } from './fileActions';
import { filesWithDetails, selectedFileIds } from './selectedFiles';
import type { TimelineMenuActions } from './timelineMenu';

/** Downloads files the grid has loaded, with the sizes and paths the grid knows of them. */
export function downloadGridFiles(
  engine: GalleryEngine,
  jobId: string,
  ids: readonly string[],
  options: { source?: 'job' | 'trash'; zipName?: string } = {},
): Promise<void> {
  return downloadFiles({ jobId, files: filesWithDetails(engine, ids), ...options });
}

export interface SelectionCommandsSetup {
  engine: GalleryEngine | null;
  /** The job the grid shows; unset (still loading), the commands do nothing yet. */
  jobId: string | undefined;
  /** SPEC §6: undo of a deletion is the job owner's (and never a read-only user's). */
  isOwner: boolean;
  /** SPEC §8: the confirmation of a single file's delete words the timeline and an album apart. */
  wording?: 'timeline' | 'album';
  /** Fresh sections once restored files are back (the latest one is called). */
  refresh: () => Promise<void>;
  /** Whether these files may be deleted here; false, the page has said why and nothing is asked. */
  mayDelete?: (ids: readonly string[]) => boolean;
}

/** The selection toolbar's commands: each reads the selection's ids first. */
export interface SelectionToolbarCommands {
  onDownload: () => void;
  onDelete: () => void;
  onShare: () => void;
  onAddToAlbum: () => void;
}

export interface SelectionCommands {
  /** Delete with undo and restore (the viewer's too); null until the engine and the job. */
  fileActions: FileActions | null;
  download: (ids: readonly string[]) => void;
  delete: (ids: readonly string[]) => void;
  /** Opens the add-to-album dialog for these files (the menu, the viewer). */
  addToAlbum: (ids: readonly string[]) => void;
  toolbar: SelectionToolbarCommands;
  /** The grid menu's entries but Open (timelineMenuItems). */
  menu: Omit<TimelineMenuActions, 'open'>;
  /** The files the share dialog is open for; null while closed. */
  sharing: readonly string[] | null;
  /** The files the add-to-album dialog is open for; null while closed. */
  adding: readonly string[] | null;
  closeShare: () => void;
  closeAddToAlbum: () => void;
  /** After a share or an add the selection is done with. */
  clearSelection: () => void;
}

/**
 * "The selection's ids, then download / delete / share / add to album" for a grid page of one
 * job (the timeline, an album), with the share and add-to-album dialogs' open state. Sections
 * selected whole (select all, a month header) are loaded first, so a command gets every file.
 */
export function useSelectionCommands({
  engine,
  jobId,
  isOwner,
  wording = 'timeline',
  refresh,
  mayDelete,
}: SelectionCommandsSetup): SelectionCommands {
  const refreshRef = useRef(refresh);
  useLayoutEffect(() => {
    refreshRef.current = refresh;
  });
  const fileActions = useMemo(
    () =>
      engine && jobId
        ? createFileActions({
            client: api(),
            jobId,
            mayUndo: () => mayUndoDelete({ ownsJob: isOwner, readOnly: isReadOnlyUser() }),
            wording,
            grid: {
              setPendingDelete: (ids, pending) => engine.setPendingDelete(ids, pending),
              removeFiles: (ids) => engine.removeFiles(ids),
              refresh: () => void refreshRef.current(),
            },
          })
        : null,
    [engine, jobId, isOwner, wording],
  );

  const download = useCallback(
    (ids: readonly string[]) => {
      if (engine && jobId && ids.length > 0) void downloadGridFiles(engine, jobId, ids);
    },
    [engine, jobId],
  );
  const remove = useCallback(
    (ids: readonly string[]) => {
      if (fileActions && (mayDelete?.(ids) ?? true)) void fileActions.requestDelete(ids);
    },
    [fileActions, mayDelete],
  );

  // SPEC §4 share dialog and SPEC §5 add to album.
  const [sharing, setSharing] = useState<readonly string[] | null>(null);
  const [adding, setAdding] = useState<readonly string[] | null>(null);
  const withSelection = useCallback(
    (run: (ids: readonly string[]) => void) => () => {
      if (engine) void selectedFileIds(engine).then(run);
    },
    [engine],
  );
  const toolbar = useMemo(
    () => ({
      onDownload: withSelection(download),
      onDelete: withSelection(remove),
      onShare: withSelection((ids) => ids.length > 0 && setSharing(ids)),
      onAddToAlbum: withSelection((ids) => ids.length > 0 && setAdding(ids)),
    }),
    [withSelection, download, remove],
  );

  const menu = useMemo(
    () => ({
      select: (ids: string[]) => engine?.actions.selectFiles(ids),
      download,
      delete: remove,
      addToAlbum: setAdding,
    }),
    [engine, download, remove],
  );

  return {
    fileActions,
    download,
    delete: remove,
    addToAlbum: setAdding,
    toolbar,
    menu,
    sharing,
    adding,
    closeShare: useCallback(() => setSharing(null), []),
    closeAddToAlbum: useCallback(() => setAdding(null), []),
    clearSelection: useCallback(() => engine?.selection.clear(), [engine]),
  };
}
