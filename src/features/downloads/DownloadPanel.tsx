import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { totalSize } from '../../domain/downloads';
import { Button } from '../../ui/Button';
import { downloadPage } from './downloadFiles';
import { downloadPanelStore } from './downloadPanelStore';
import { useFormatSize } from '../../i18n/useFormatSize';
import './DownloadPanel.css';

/**
 * SPEC §2 global overlay "download panel", §4 "modal downloader off/minimized/max": the pages of
 * a selection over the download limit (or with HEIC files, for the JPEG choice), one button
 * each, clicked pages marked. Not modal: the app stays usable while the user downloads the parts.
 * Escape inside the panel minimises it.
 */
export function DownloadPanel() {
  const { t } = useTranslation();
  const formatSize = useFormatSize();
  const mode = useStore(downloadPanelStore, (s) => s.mode);
  const session = useStore(downloadPanelStore, (s) => s.session);
  const starting = useStore(downloadPanelStore, (s) => s.starting);
  const titleId = useId();
  const heicId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sessionId = session?.id;

  // A new selection takes the keyboard to the panel, so its parts are reachable at once.
  useEffect(() => {
    if (sessionId !== undefined) headingRef.current?.focus();
  }, [sessionId]);

  if (mode === 'off' || !session) return null;
  const { setMode, close, setHeicToJpeg } = downloadPanelStore.getState();
  const clicked = session.pages.filter((page) => page.clicked).length;
  const files = session.pages.reduce((sum, page) => sum + page.fileIDs.length, 0);
  const bytes = totalSize(session.pages.map((page) => ({ size: page.totalSize })));
  const hasHEIC = session.preset === 'download' && session.pages.some((page) => page.hasHEIC);
  const title = session.split
    ? t('downloads.panel.titleSplit', { count: session.pages.length })
    : t('downloads.panel.title');

  return (
    <section
      className={`download-panel download-panel--${mode}`}
      aria-labelledby={titleId}
      data-testid="download-panel"
      data-mode={mode}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && mode === 'max') {
          event.stopPropagation();
          setMode('minimized');
        }
      }}
    >
      <header className="download-panel__header">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="download-panel__title">
          {title}
        </h2>
        <span className="download-panel__progress" data-testid="download-panel-progress">
          {t('downloads.panel.progress', { clicked, count: session.pages.length })}
        </span>
        <div className="download-panel__tools">
          {mode === 'max' ? (
            <Button
              variant="ghost"
              aria-label={t('downloads.panel.minimize')}
              onClick={() => setMode('minimized')}
            >
              <span aria-hidden="true">–</span>
            </Button>
          ) : (
            <Button
              variant="ghost"
              aria-label={t('downloads.panel.maximize')}
              onClick={() => setMode('max')}
            >
              <span className="download-panel__chevron" aria-hidden="true" />
            </Button>
          )}
          <Button variant="ghost" aria-label={t('downloads.panel.close')} onClick={close}>
            <span aria-hidden="true">×</span>
          </Button>
        </div>
      </header>
      {mode === 'max' ? (
        <div className="download-panel__body">
          <p className="download-panel__intro">
            {session.split
              ? t('downloads.panel.splitIntro', {
                  size: formatSize(bytes),
                  count: session.pages.length,
                })
              : t('downloads.panel.intro', { count: files, size: formatSize(bytes) })}
          </p>
          {hasHEIC ? (
            <label className="download-panel__heic" htmlFor={heicId}>
              <input
                id={heicId}
                type="checkbox"
                checked={session.heicToJpeg}
                onChange={(event) => setHeicToJpeg(event.target.checked)}
              />
              {t('downloads.panel.heic')}
            </label>
          ) : null}
          <ol className="download-panel__pages">
            {session.pages.map((page, index) => (
              <li
                key={page.name}
                className="download-panel__page"
                data-testid="download-page"
                data-clicked={page.clicked ? 'true' : 'false'}
              >
                <span className="download-panel__page-name">{page.name}</span>
                <span className="download-panel__page-meta">
                  {t('downloads.panel.pageSummary', {
                    count: page.fileIDs.length,
                    size: formatSize(page.totalSize),
                  })}
                </span>
                {page.clicked ? (
                  <span className="download-panel__done">{t('downloads.panel.downloaded')}</span>
                ) : null}
                <Button
                  variant={page.clicked ? 'secondary' : 'primary'}
                  aria-label={t('downloads.panel.pageLabel', { name: page.name })}
                  aria-busy={starting.has(index)}
                  disabled={starting.has(index)}
                  onClick={() => void downloadPage(session.id, index)}
                >
                  {page.clicked
                    ? t('downloads.panel.downloadAgain')
                    : t('downloads.panel.download')}
                </Button>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
