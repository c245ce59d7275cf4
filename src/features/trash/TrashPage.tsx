import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { loadStoredAuth } from '../../api/authStore';
import type { TrashFile } from '../../api/contract/trash';
import { deviceClassFor, GalleryView, useGalleryEngine, type GalleryEngine } from '../../gallery';
import { api } from '../../platform/api';
import { gpuLimits } from '../../platform/browserSupport';
import { exposeForTests } from '../../platform/testHooks';
import { confirmDialog } from '../../state/dialogs';
import { useBreakpoint } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { downloadFiles } from '../downloads';
import { SubscriberButton } from '../readOnly';
import { filesWithDetails, insetsFor, metricsFor, selectedFileIds } from '../photoGrid';
import { purgeTrashed, restoreTrashed, TRASH_ZIP_NAME } from './trashActions';
import { daysLeftText, trashSource, withGroupMembers } from './trashSource';
import { TrashBack } from './TrashNavPage';
import './Trash.css';

const exposeEngine = (engine: GalleryEngine) => exposeForTests('gallery', engine);

/**
 * /deleted_items/photos (and its /_from_inside_app form): the trashed photos and videos on the
 * gallery engine, in the groups of SPEC §4 ("removed soon", then the rest), selectable to
 * restore or delete for good; restore all and empty the trash (SPEC §2 trash photos).
 */
export default function TrashPage() {
  return (
    <RequireLogin>
      <Trash />
    </RequireLogin>
  );
}

function Trash() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const breakpoint = useBreakpoint();
  const metrics = metricsFor(breakpoint);
  const insets = useMemo(() => insetsFor(breakpoint), [breakpoint]);
  const [deviceClass] = useState(() => deviceClassFor(breakpoint));
  // Which job each trashed file was deleted from: its thumbnail and its restore go there.
  const jobs = useRef(new Map<string, string>());
  // When each was deleted: its tile says how many days it has left (SPEC §4).
  const deletedAt = useRef(new Map<string, number>());
  // A live photo's movie has no tile: it is restored and deleted with its master.
  const withMembers = useRef((ids: readonly string[]) => [...ids]);
  const thumbnailUrl = useMemo(() => {
    const base = api().url({
      host: 'thumb',
      path: '/th/3/trash/JOB_ID/FILE_ID',
      query: { area: 'AREA', token: loadStoredAuth()?.token },
    });
    return (fileId: string, size: number) =>
      base
        .replace('JOB_ID', encodeURIComponent(jobs.current.get(fileId) ?? ''))
        .replace('FILE_ID', encodeURIComponent(fileId))
        .replace('area=AREA', `area=${size}`);
  }, []);
  const labels = useMemo(
    () => ({ soon: t('trash.groups.soon'), later: t('trash.groups.later') }),
    [t],
  );
  const source = useMemo(
    () =>
      trashSource({
        client: api(),
        now: () => Date.now() / 1000,
        labels,
        seen: (files: readonly TrashFile[]) => {
          for (const file of files) {
            jobs.current.set(file.id, file.job);
            deletedAt.current.set(file.id, file.dtime);
          }
          withMembers.current = withGroupMembers(files);
        },
      }),
    [labels],
  );
  const { engine, load, reload, refresh } = useGalleryEngine({
    contentKey: 'trash',
    metrics,
    deviceClass,
    source,
    thumbnailUrl,
    maxArrayTextureLayers: gpuLimits.maxArrayTextureLayers,
    expose: exposeEngine,
  });
  // Asked every frame for the visible tiles: each file's text is made once per language.
  const fileBadge = useMemo(() => {
    const made = new Map<string, string>();
    return (fileId: string): string | null => {
      const known = made.get(fileId);
      if (known !== undefined) return known;
      const dtime = deletedAt.current.get(fileId);
      if (dtime === undefined) return null;
      const text = daysLeftText(t, dtime, Date.now() / 1000);
      made.set(fileId, text);
      return text;
    };
  }, [t]);
  // A click selects here: the trash is a place to pick files back, not to view them.
  useEffect(() => engine?.selection.enterSelectionMode(), [engine]);

  const [busy, setBusy] = useState(false);
  const refs = (ids: readonly string[]) =>
    ids.map((id) => ({ id, job: jobs.current.get(id) ?? '' })).filter((ref) => ref.job);
  const allIds = async (): Promise<string[]> => {
    if (!engine) return [];
    engine.selection.selectAll();
    const ids = await selectedFileIds(engine);
    engine.selection.clear();
    return ids;
  };
  const afterwards = async (gone: readonly string[]) => {
    if (!engine) return;
    engine.removeFiles(gone);
    engine.selection.clear();
    engine.selection.enterSelectionMode();
    await refresh();
  };
  const run = useCallback(
    async (work: () => Promise<void>) => {
      if (busy) return;
      setBusy(true);
      try {
        await work();
      } finally {
        setBusy(false);
      }
    },
    [busy],
  );

  const restore = (all: boolean) =>
    run(async () => {
      if (!engine) return;
      const ids = all ? await allIds() : await selectedFileIds(engine);
      const goToTimeline = () => void navigate('/photos');
      const done = await restoreTrashed(api(), refs(withMembers.current(ids)), goToTimeline);
      await afterwards(done);
    });
  // SPEC §2/§7: the selection, or everything, as "deleted items" archives of each job's trash.
  const download = (all: boolean) =>
    run(async () => {
      if (!engine) return;
      const ids = all ? await allIds() : await selectedFileIds(engine);
      const byJob = new Map<string, { id: string; size: number; path: string }[]>();
      for (const file of filesWithDetails(engine, ids)) {
        const job = jobs.current.get(file.id);
        if (!job) continue;
        const files = byJob.get(job);
        if (files) files.push(file);
        else byJob.set(job, [file]);
      }
      for (const [jobId, files] of byJob) {
        await downloadFiles({ jobId, files, source: 'trash', zipName: TRASH_ZIP_NAME });
      }
    });
  const purge = (all: boolean) =>
    run(async () => {
      if (!engine) return;
      const ids = all ? await allIds() : await selectedFileIds(engine);
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
      await afterwards(await purgeTrashed(api(), withMembers.current(ids)));
    });

  if (load === 'error') {
    return (
      <MessagePage
        testId="trash-error"
        title={t('trash.loadError')}
        actions={
          <Button variant="primary" onClick={reload}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <section className="timeline-page trash-page" data-testid="trash" data-load={load}>
      <div className="timeline-page__bar trash-page__bar">
        <TrashBack />
        <h1 className="trash-page__title">{t('trash.photosTitle')}</h1>
        {engine ? (
          <TrashToolbar
            engine={engine}
            busy={busy}
            empty={load === 'empty'}
            onRestore={(all) => void restore(all)}
            onPurge={(all) => void purge(all)}
            onDownload={(all) => void download(all)}
          />
        ) : null}
      </div>
      <p className="trash-page__note">{t('trash.note')}</p>
      <div className="timeline-page__grid">
        {engine ? (
          <GalleryView
            engine={engine}
            metrics={metrics}
            insets={insets}
            label={t('trash.gridLabel')}
            tv={breakpoint === 'tv'}
            fileBadge={fileBadge}
          />
        ) : null}
        {load === 'loading' || !engine ? (
          <div className="timeline-page__overlay">
            <Spinner label={t('common.loading')} />
          </div>
        ) : null}
        {load === 'empty' ? (
          <div className="timeline-page__overlay" data-testid="trash-empty">
            <MessagePage title={t('trash.emptyTitle')}>
              <p>{t('trash.emptyBody')}</p>
            </MessagePage>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function TrashToolbar({
  engine,
  busy,
  empty,
  onRestore,
  onPurge,
  onDownload,
}: {
  engine: GalleryEngine;
  busy: boolean;
  empty: boolean;
  onRestore: (all: boolean) => void;
  onPurge: (all: boolean) => void;
  onDownload: (all: boolean) => void;
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
        onClick={() => onDownload(!some)}
        disabled={busy || empty}
        data-testid={some ? 'trash-download' : 'trash-download-all'}
      >
        {some ? t('trash.download') : t('trash.downloadAll')}
      </Button>
      {/* SPEC §6: restore is a subscriber's; a read-only user gets the reason and subscribe. */}
      <SubscriberButton
        onClick={() => onRestore(!some)}
        disabled={busy || empty}
        data-testid={some ? 'trash-restore' : 'trash-restore-all'}
      >
        {some ? t('trash.restore') : t('trash.restoreAll')}
      </SubscriberButton>
      <Button
        variant="danger"
        onClick={() => onPurge(!some)}
        disabled={busy || empty}
        data-testid={some ? 'trash-delete' : 'trash-empty-all'}
      >
        {some ? t('trash.delete') : t('trash.emptyAll')}
      </Button>
    </div>
  );
}
