import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { loadStoredAuth } from '../../api/authStore';
import type { GalleryEngine, TileLabel } from '../../gallery';
import { api } from '../../platform/api';
import { Button } from '../../ui/Button';
import { SubscriberButton } from '../readOnly';
import { EmptyGrid, GridBar, GridPage, signedIn, useGridPage } from '../photoGrid';
import { useTrashCommands, type TrashCommands } from './trashCommands';
import { daysLeftBadge, trashFacts, trashSource, trashThumbnails } from './trashSource';
import { TrashBack } from './TrashNavPage';
import { trashStore } from './trashStore';
import { useTrashPaging } from './useTrashPaging';
import './Trash.css';

const now = () => Date.now() / 1000;

/**
 * /deleted_items/photos (and its /_from_inside_app form): the trashed photos and videos on the
 * gallery engine, in the groups of SPEC §4 ("removed soon", then the rest), a page at a time as
 * the user scrolls (SPEC §2 infinite scroll), selectable to restore or delete for good; restore
 * all and empty the trash (SPEC §2 trash photos).
 */
export default signedIn(Trash);

function Trash() {
  const { t } = useTranslation();
  // Which job each file was deleted from, when, and a live photo's hidden movie.
  const [facts] = useState(trashFacts);
  const thumbnailUrl = useMemo(
    () => trashThumbnails(api(), loadStoredAuth()?.token, facts),
    [facts],
  );
  const labels = useMemo(
    () => ({ soon: t('trash.groups.soon'), later: t('trash.groups.later') }),
    [t],
  );
  const source = useMemo(() => trashSource({ client: api(), now, labels, facts }), [labels, facts]);
  // A click selects here: the trash is a place to pick files back, not to view them.
  const grid = useGridPage({
    contentKey: 'trash',
    source,
    thumbnailUrl,
    hintStore: null,
    selecting: true,
  });
  const { engine, load } = grid;
  useTrashPaging(engine, source);
  const daysLeft = useMemo(() => daysLeftBadge(t, facts, now), [t, facts]);
  // SPEC §3 processingFiles: "Restoring…" or "Deleting…" over the days left while a task runs.
  const processing = useStore(trashStore, (state) => state.processingFiles);
  const fileBadge = useMemo(
    () =>
      processing.size === 0
        ? daysLeft
        : (fileId: string): TileLabel | null => {
            const process = processing.get(fileId);
            if (process === undefined) return daysLeft(fileId);
            return process === 'restore' ? t('trash.restoringFile') : t('trash.deletingFile');
          },
    [processing, daysLeft, t],
  );
  const commands = useTrashCommands(engine, grid.refresh, facts);

  return (
    <GridPage
      grid={grid}
      testId="trash"
      className="trash-page"
      error={{ testId: 'trash-error', title: t('trash.loadError') }}
      label={t('trash.gridLabel')}
      fileBadge={fileBadge}
      bar={
        <>
          <GridBar className="trash-page__bar">
            <TrashBack />
            <h1 className="trash-page__title">{t('trash.photosTitle')}</h1>
            {engine ? (
              <TrashToolbar engine={engine} empty={load === 'empty'} commands={commands} />
            ) : null}
          </GridBar>
          <p className="trash-page__note">{t('trash.note')}</p>
        </>
      }
      empty={
        <EmptyGrid testId="trash-empty" title={t('trash.emptyTitle')} body={t('trash.emptyBody')} />
      }
    />
  );
}

function TrashToolbar({
  engine,
  empty,
  commands: { busy, restore, purge, download },
}: {
  engine: GalleryEngine;
  empty: boolean;
  commands: TrashCommands;
}) {
  const { t } = useTranslation();
  const count = useSyncExternalStore(
    (listener) => engine.selection.subscribe(listener),
    () => engine.selection.count,
  );
  const some = count > 0;
  return (
    <div className="trash-page__actions" role="toolbar" aria-label={t('trash.actions')}>
      <span aria-live="polite" data-testid="trash-count">
        {some ? t('timeline.toolbar.count', { count }) : ''}
      </span>
      {some ? (
        <Button variant="ghost" onClick={() => engine.selection.clear()} data-testid="trash-clear">
          {t('timeline.toolbar.clear')}
        </Button>
      ) : null}
      <Button
        onClick={() => download(!some)}
        disabled={busy || empty}
        data-testid={some ? 'trash-download' : 'trash-download-all'}
      >
        {some ? t('trash.download') : t('trash.downloadAll')}
      </Button>
      {/* SPEC §6: restore is a subscriber's; a read-only user gets the reason and subscribe. */}
      <SubscriberButton
        onClick={() => restore(!some)}
        disabled={busy || empty}
        data-testid={some ? 'trash-restore' : 'trash-restore-all'}
      >
        {some ? t('trash.restore') : t('trash.restoreAll')}
      </SubscriberButton>
      <Button
        variant="danger"
        onClick={() => purge(!some)}
        disabled={busy || empty}
        data-testid={some ? 'trash-delete' : 'trash-empty-all'}
      >
        {some ? t('trash.delete') : t('trash.emptyAll')}
      </Button>
    </div>
  );
}
