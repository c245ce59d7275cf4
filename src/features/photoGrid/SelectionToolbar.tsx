import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryEngine } from '../../gallery';
import { Button } from '../../ui/Button';
import './SelectionToolbar.css';

export interface SelectionToolbarProps {
  engine: GalleryEngine;
  onDownload: () => void;
  /** Unset: no delete (a member who added none of these, a read-only user). */
  onDelete?: () => void;
  /** More actions before download (add to album). */
  extra?: ReactNode;
}

/** The selection's count and select-all status, re-read on every selection change. */
export function useSelectionSummary(engine: GalleryEngine): { count: number; all: boolean } {
  const count = useSyncExternalStore(
    (listener) => engine.selection.subscribe(listener),
    () => engine.selection.count,
  );
  const all = useSyncExternalStore(
    (listener) => engine.selection.subscribe(listener),
    () => engine.selection.selectAllStatus() === 'all',
  );
  return { count, all };
}

/**
 * Shown while at least one file is selected (SPEC §2 selection mode): the count, clear, select
 * or deselect all, download and delete.
 */
export function SelectionToolbar({ engine, onDownload, onDelete, extra }: SelectionToolbarProps) {
  const { t } = useTranslation();
  const { count, all } = useSelectionSummary(engine);
  return (
    <div
      className="timeline-toolbar"
      role="toolbar"
      aria-label={t('timeline.toolbar.label')}
      data-testid="selection-toolbar"
    >
      <Button
        variant="ghost"
        className="timeline-toolbar__clear"
        aria-label={t('timeline.toolbar.clear')}
        title={t('timeline.toolbar.clear')}
        onClick={() => engine.selection.clear()}
        data-testid="selection-clear"
      >
        <span aria-hidden="true">×</span>
      </Button>
      <span className="timeline-toolbar__count" aria-live="polite" data-testid="selection-count">
        {t('timeline.toolbar.count', { count })}
      </span>
      <Button
        variant="ghost"
        onClick={() => (all ? engine.selection.clear() : engine.selection.selectAll())}
        data-testid="selection-all"
      >
        {all ? t('timeline.toolbar.deselectAll') : t('timeline.toolbar.selectAll')}
      </Button>
      <span className="timeline-toolbar__spacer" />
      {extra}
      <Button onClick={onDownload} data-testid="selection-download">
        {t('timeline.toolbar.download')}
      </Button>
      {onDelete ? (
        <Button variant="danger" onClick={onDelete} data-testid="selection-delete">
          {t('timeline.toolbar.delete')}
        </Button>
      ) : null}
    </div>
  );
}
