import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryEngine } from '../../gallery';
import { Button } from '../../ui/Button';
import { SubscriberButton } from '../readOnly';
import { GridBar } from './GridPage';
import './SelectionToolbar.css';

export interface SelectionToolbarProps {
  engine: GalleryEngine;
  onDownload: () => void;
  /** Unset: no delete (a member who added none of these, a read-only user). */
  onDelete?: () => void;
  /** SPEC §4 share; unset, no button. A subscriber's (SPEC §6), as is add to album. */
  onShare?: () => void;
  /** SPEC §5 add to album; unset, no button. */
  onAddToAlbum?: () => void;
  /** SPEC §4 COPY_TO_TIMELINE (another's album's files into one's own); unset, no button. */
  onCopyToTimeline?: () => void;
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
 * or deselect all, and the actions the page supplies (share, add to album, copy to the timeline,
 * download, delete).
 */
export function SelectionToolbar({
  engine,
  onDownload,
  onDelete,
  onShare,
  onAddToAlbum,
  onCopyToTimeline,
}: SelectionToolbarProps) {
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
      <div className="timeline-toolbar__actions">
        {onShare ? (
          <SubscriberButton onClick={onShare} data-testid="selection-share">
            {t('share.action')}
          </SubscriberButton>
        ) : null}
        {onAddToAlbum ? (
          <SubscriberButton onClick={onAddToAlbum} data-testid="selection-add-to-album">
            {t('albums.add.action')}
          </SubscriberButton>
        ) : null}
        {onCopyToTimeline ? (
          <SubscriberButton onClick={onCopyToTimeline} data-testid="selection-copy-to-timeline">
            {t('timeline.toolbar.copyToTimeline')}
          </SubscriberButton>
        ) : null}
        <Button onClick={onDownload} data-testid="selection-download">
          {t('timeline.toolbar.download')}
        </Button>
        {onDelete ? (
          <Button variant="danger" onClick={onDelete} data-testid="selection-delete">
            {t('timeline.toolbar.delete')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The bar row of a grid page with selection commands: the selection toolbar while files are
 * selected, else `idle` (the timeline's filters) in the row, or no row at all.
 */
export function SelectionBar({ idle, ...toolbar }: SelectionToolbarProps & { idle?: ReactNode }) {
  const { count } = useSelectionSummary(toolbar.engine);
  if (count > 0) {
    return (
      <GridBar>
        <SelectionToolbar {...toolbar} />
      </GridBar>
    );
  }
  return idle ? <GridBar>{idle}</GridBar> : null;
}
