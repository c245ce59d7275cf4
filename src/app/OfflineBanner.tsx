import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../state/connectivity';

/**
 * The banner's height, published on the root element while it shows: the full-window layers
 * under it (the viewer, the editor) start below it instead of hiding their top bar under it
 * (issue 34.8: the banner covered the viewer's close button).
 */
export const OFFLINE_BANNER_HEIGHT_VAR = '--offline-banner-height';

/** SPEC §8: a network failure on a request puts the client offline: "No Internet connection". */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const banner = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = banner.current;
    if (online || !element) return undefined;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(
        OFFLINE_BANNER_HEIGHT_VAR,
        `${element.getBoundingClientRect().height}px`,
      );
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(OFFLINE_BANNER_HEIGHT_VAR);
    };
  }, [online]);

  if (online) return null;
  return (
    <div
      ref={banner}
      className="offline-banner"
      role="status"
      aria-live="assertive"
      data-testid="offline-banner"
    >
      <strong>{t('shell.offline')}</strong> <span>{t('shell.offlineDetail')}</span>
    </div>
  );
}
