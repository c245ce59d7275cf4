import { useMemo, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { UPLOAD_STATUS_BOX } from '../../domain/constants';
import { storageQuotaStore } from '../../state/storageQuota';
import { viewportStore } from '../../state/viewport';
import { useFormatSize } from '../../i18n/useFormatSize';
import { headerMessage, rowMessage, timeLeftMessage, type RowContext } from './messages';
import type { UploadItem, UploadRate } from './model';
import { countItems, panelMode, statusBoxHeightPx } from './rules';
import { connectedInstance, isUploadQueueConnected, uploadStore } from './uploader';
import './upload.css';

const { rowPx, listWindowItems, chromePx, marginPx } = UPLOAD_STATUS_BOX;

/** Issue 32: a large file's speed and time left ("12.3 MB/s, 3 minutes left"). */
function RateText({ rate }: { rate: UploadRate }) {
  const { t } = useTranslation();
  const formatSize = useFormatSize();
  const left = timeLeftMessage(rate.secondsLeft);
  return (
    <span className="upload-row__rate" data-testid="upload-row-rate">
      {t('upload.rate.summary', {
        speed: t('upload.rate.speed', { size: formatSize(rate.bytesPerSecond) }),
        left: t(left.key, left.values),
      })}
    </span>
  );
}

function UploadRow({
  item,
  context,
  top,
  rate,
}: {
  item: UploadItem;
  context: RowContext;
  top: number;
  rate: UploadRate | undefined;
}) {
  const { t } = useTranslation();
  const message = rowMessage(item, context);
  return (
    <li
      className={`upload-row upload-row--${item.status}`}
      style={{ top, height: rowPx }}
      data-testid="upload-row"
      data-status={item.status}
      data-reason={item.statusReason ?? undefined}
      data-resuming={item.resuming ? 'true' : undefined}
    >
      <span className="upload-row__name" title={item.name}>
        {item.name}
      </span>
      {rate && item.status === 'Uploading' && !item.resuming ? <RateText rate={rate} /> : null}
      <span className="upload-row__state" data-testid="upload-row-state">
        {t(message.key, message.values)}
      </span>
      {item.status === 'Uploading' ? (
        <span className="upload-row__bar" aria-hidden="true">
          <span style={{ width: `${Math.floor(item.uploadedPercent * 100)}%` }} />
        </span>
      ) : null}
    </li>
  );
}

/**
 * SPEC §9: only a window of 25 rows of 48 px is in the DOM, however long the queue is; the
 * spacer keeps the scrollbar true to the whole list.
 */
function UploadList({
  items,
  context,
  height,
  rates,
}: {
  items: UploadItem[];
  context: RowContext;
  height: number;
  rates: Record<string, UploadRate>;
}) {
  const { t } = useTranslation();
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(
    0,
    Math.min(Math.floor(scrollTop / rowPx), items.length - listWindowItems),
  );
  const visible = items.slice(first, first + listWindowItems);
  return (
    <div
      className="upload-panel__list"
      style={{ height }}
      onScroll={(event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop)}
      tabIndex={0}
      role="region"
      aria-label={t('upload.panel.list')}
    >
      <ul style={{ height: items.length * rowPx }}>
        {visible.map((item, index) => (
          <UploadRow
            key={item.id}
            item={item}
            context={context}
            top={(first + index) * rowPx}
            rate={rates[item.id]}
          />
        ))}
      </ul>
    </div>
  );
}

/** SPEC §4 upload status panel: modes, counts, stop/pause, and the list of items. */
export function UploadPanel() {
  const { t } = useTranslation();
  const items = useStore(uploadStore, (s) => s.items);
  const visible = useStore(uploadStore, (s) => s.boxVisible);
  const expanded = useStore(uploadStore, (s) => s.boxExpanded);
  const connection = useStore(uploadStore, (s) => s.connection);
  const countdown = useStore(uploadStore, (s) => s.countdown);
  const waiting = useStore(uploadStore, (s) => s.waitingForNetwork);
  const paused = useStore(uploadStore, (s) => s.paused);
  const pendingStop = useStore(uploadStore, (s) => s.pendingStop);
  const rates = useStore(uploadStore, (s) => s.rates);
  const outOfStorage = useStore(storageQuotaStore, (s) => s.outOfStorage);
  const windowHeight = useStore(viewportStore, (s) => s.height);

  const counts = useMemo(() => countItems(items), [items]);
  if (!visible || items.length === 0) return null;

  const mode = panelMode({ counts, connection, outOfStorage });
  const header = headerMessage(mode, counts, { countdown, paused, waiting });
  const context: RowContext = { connection, countdown, outOfStorage, paused, waiting };
  const height = statusBoxHeightPx(items.length, windowHeight, expanded);
  const active = counts.active > 0;
  const finished = counts.succeeded + counts.rejected + counts.cancelled;
  const state = uploadStore.getState();

  return (
    <section
      className={`upload-panel upload-panel--${mode}`}
      style={{ height: height - marginPx, marginBottom: marginPx }}
      aria-label={t('upload.panel.label')}
      data-testid="upload-panel"
      data-mode={mode}
      data-height={height}
    >
      <header className="upload-panel__header">
        <p className="upload-panel__title" role="status" data-testid="upload-panel-title">
          {t(header.key, header.values)}
        </p>
        <div className="upload-panel__actions">
          {active ? (
            <>
              <button
                type="button"
                className="upload-panel__button"
                onClick={() => state.setPaused(!paused)}
                data-testid="upload-pause"
              >
                {paused ? t('upload.panel.resume') : t('upload.panel.pause')}
              </button>
              <button
                type="button"
                className="upload-panel__button"
                disabled={pendingStop}
                onClick={() => {
                  if (isUploadQueueConnected()) void connectedInstance().requestStop();
                }}
                data-testid="upload-stop"
              >
                {t('upload.panel.stop')}
              </button>
            </>
          ) : null}
          <button
            type="button"
            className="upload-panel__button"
            aria-expanded={expanded}
            onClick={() => state.setExpanded(!expanded)}
            data-testid="upload-expand"
          >
            {expanded ? t('upload.panel.collapse') : t('upload.panel.expand')}
          </button>
          <button
            type="button"
            className="upload-panel__close"
            aria-label={t('upload.panel.close')}
            onClick={() => state.close()}
            data-testid="upload-close"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </header>
      <progress
        className="upload-panel__progress"
        max={Math.max(1, counts.total - counts.cancelled)}
        value={finished - counts.cancelled}
        aria-label={t('upload.panel.progress', {
          done: finished - counts.cancelled,
          total: counts.total - counts.cancelled,
        })}
      />
      {expanded ? (
        <UploadList
          items={items}
          context={context}
          height={height - marginPx - chromePx}
          rates={rates}
        />
      ) : null}
    </section>
  );
}
