import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DocumentFile } from '../../api/contract/documents';
import { isApiError, OFFLINE_MESSAGE } from '../../api/errors';
import { TRASH_INFINITE_SCROLL_PX } from '../../domain/constants';
import { api } from '../../platform/api';
import { useRouteBuilt } from '../../platform/routesBuilt';
import { exposeForTests } from '../../platform/testHooks';
import { confirmDialog } from '../../state/dialogs';
import { asLongTask } from '../../state/longTasks';
import { storageQuotaStore } from '../../state/storageQuota';
import { showToast } from '../../state/toasts';
import { Button, buttonClass } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { downloadFiles } from '../downloads';
import { deleteFiles } from '../../api/deleteFiles';
import { DocumentList } from './DocumentList';
import { groupDocuments } from './documentGroups';
import { useDefaultJob, useDocuments } from './useDocuments';
import './DocumentsPage.css';

declare module '../../platform/testHooks' {
  interface CaptureHooks {
    /** While /documents is shown. */
    documents?: {
      selected: ReadonlySet<string>;
      deleting: ReadonlySet<string>;
      total: number;
    };
  }
}

/** /documents (SPEC §2 Documents): the default job's documents under year-month headers. */
export default function DocumentsPage() {
  return (
    <RequireLogin>
      <Documents />
    </RequireLogin>
  );
}

/** Load the next page when the end of the list is this close (the SPEC §9 trash's 1000 px). */
const LOAD_AHEAD_PX = TRASH_INFINITE_SCROLL_PX;

function Documents() {
  const { t } = useTranslation();
  const job = useDefaultJob();
  const jobId = job.data?.id;
  const { query, documents, total, removeLocally } = useDocuments(jobId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());

  useEffect(
    () => exposeForTests('documents', { selected, deleting, total }),
    [selected, deleting, total],
  );

  const byId = useMemo(() => new Map(documents.map((doc) => [doc.fileID, doc])), [documents]);
  const groups = useMemo(() => groupDocuments(documents), [documents]);
  const selectMode = selected.size > 0;
  const settingsBuilt = useRouteBuilt('/settings');

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const clearSelection = () => setSelected(new Set());

  const download = () => {
    if (!jobId) return;
    const files = [...selected]
      .map((id) => byId.get(id))
      .filter((doc): doc is DocumentFile => doc !== undefined)
      .map((doc) => ({ id: doc.fileID, size: doc.size, path: doc.fileName }));
    void downloadFiles({ jobId, files });
  };

  const remove = async (ids: readonly string[]) => {
    if (!jobId || ids.length === 0) return;
    const confirmed = await confirmDialog({
      title: { key: 'documents.delete.title', values: { count: ids.length } },
      body: { key: 'documents.delete.body', values: { count: ids.length } },
      confirmLabel: { key: 'documents.delete.confirm' },
      destructive: true,
    });
    if (!confirmed) return;
    setDeleting((current) => new Set([...current, ...ids]));
    // SPEC §2: after a confirmed delete the selection is reset.
    clearSelection();
    // SPEC §8/§9: a pending delete warns on leaving and keeps filesAreBeingDeleted, as elsewhere.
    const outcome = await asLongTask('delete', () => deleteFiles(api(), jobId, ids));
    setDeleting((current) => {
      const next = new Set(current);
      for (const id of ids) next.delete(id);
      return next;
    });
    if (outcome.deleted.length > 0) {
      removeLocally(new Set(outcome.deleted));
      // SPEC §4: the out-of-storage state clears on delete.
      storageQuotaStore.getState().storageChanged();
      showToast({
        kind: 'success',
        message: { key: 'documents.delete.done', values: { count: outcome.deleted.length } },
      });
    }
    if (outcome.failed.length > 0) {
      const failed = outcome.failed;
      showToast({
        kind: 'error',
        message: outcome.offline
          ? OFFLINE_MESSAGE
          : failed.length === 1
            ? { key: 'documents.delete.failedOne' }
            : { key: 'documents.delete.failedCount', values: { count: failed.length } },
        // SPEC §8: no retry offer when the server said Forbidden.
        action: outcome.forbidden
          ? undefined
          : { label: { key: 'common.retry' }, run: () => void remove(failed) },
      });
    }
  };

  if (job.isError || query.isError) {
    const error = job.error ?? query.error;
    return (
      <MessagePage
        testId="documents-error"
        title={t('documents.errorTitle')}
        actions={
          <Button
            variant="primary"
            onClick={() => void (job.isError ? job.refetch() : query.refetch())}
          >
            {t('common.retry')}
          </Button>
        }
      >
        <p>{t(isApiError(error) ? error.i18nKey : 'documents.loadError')}</p>
      </MessagePage>
    );
  }

  return (
    <section
      className="documents-page"
      data-testid="documents"
      data-select-mode={selectMode ? 'true' : 'false'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && selectMode) {
          event.preventDefault();
          clearSelection();
        }
      }}
    >
      {selectMode ? (
        <div
          className="documents-page__bar documents-page__bar--select"
          role="toolbar"
          aria-label={t('documents.selection.label')}
          data-testid="documents-toolbar"
        >
          <Button
            variant="ghost"
            aria-label={t('documents.selection.clear')}
            onClick={clearSelection}
          >
            <span aria-hidden="true">×</span>
          </Button>
          <span className="documents-page__count" aria-live="polite">
            {t('documents.selection.count', { count: selected.size })}
          </span>
          <Button onClick={download}>{t('documents.selection.download')}</Button>
          <Button variant="danger" onClick={() => void remove([...selected])}>
            {t('documents.selection.delete')}
          </Button>
        </div>
      ) : (
        <div className="documents-page__bar">
          {/* SPEC §2 back button to Settings, shown once that page is built (issue 22). */}
          {settingsBuilt ? (
            <Link className={buttonClass('ghost', 'documents-page__back')} to="/settings">
              <span className="documents-page__back-arrow" aria-hidden="true" />
              {t('documents.back')}
            </Link>
          ) : null}
          <h1 className="documents-page__title">{t('documents.title')}</h1>
          {query.isSuccess && total > 0 ? (
            <span className="documents-page__count" data-testid="documents-total">
              {t('documents.total', { count: total })}
            </span>
          ) : null}
        </div>
      )}

      {!jobId || query.isPending ? (
        <Spinner label={t('documents.loading')} />
      ) : documents.length === 0 ? (
        <MessagePage testId="documents-empty" title={t('documents.emptyTitle')}>
          <p>{t('documents.emptyBody')}</p>
        </MessagePage>
      ) : (
        <>
          <DocumentList
            groups={groups}
            selected={selected}
            deleting={deleting}
            selectMode={selectMode}
            onToggle={toggle}
            onDownload={(doc) =>
              void downloadFiles({
                jobId,
                files: [{ id: doc.fileID, size: doc.size, path: doc.fileName }],
              })
            }
          />
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            failed={query.isFetchNextPageError}
            onLoad={() => void query.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

/** Loads the next page once the end of the list comes within LOAD_AHEAD_PX of the viewport. */
function LoadMore({
  hasMore,
  loading,
  failed,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;
  const armed = hasMore && !loading && !failed;

  useEffect(() => {
    const node = ref.current;
    if (!node || !armed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [armed]);

  if (!hasMore) return null;
  return (
    <div ref={ref} className="documents-page__more" data-testid="documents-more">
      {failed ? (
        <Button onClick={onLoad}>{t('common.retry')}</Button>
      ) : loading ? (
        <Spinner label={t('documents.loading')} />
      ) : (
        <Button onClick={onLoad}>{t('documents.loadMore')}</Button>
      )}
    </div>
  );
}
