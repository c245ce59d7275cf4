import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { registerPopup, type PopupComponentProps } from '../../platform/popupRegistry';
import { useRouteBuilt } from '../../platform/routesBuilt';
import { Button } from '../../ui/Button';
import { STORAGE_POPUPS } from './storagePopups';
import './storagePopups.css';

type Texts = 'addedMore' | 'above80' | 'above95' | 'restoredMore';

const STORAGE_SETTINGS = '/settings/storage';

/** SPEC §8 storage popups: each with close and "buy more storage" (to Settings storage). */
function storagePopup(texts: Texts) {
  function StoragePopup({ close }: PopupComponentProps) {
    const { t } = useTranslation();
    const navigate = useNavigate();
    const titleId = useId();
    const buyBuilt = useRouteBuilt(STORAGE_SETTINGS);
    return (
      <section
        className="storage-popup"
        role="dialog"
        aria-labelledby={titleId}
        data-testid="storage-popup"
        data-kind={texts}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <h2 id={titleId}>{t(`storagePopups.${texts}.title`)}</h2>
        <p>{t(`storagePopups.${texts}.body`)}</p>
        {texts === 'addedMore' ? <p>{t('storagePopups.addedMore.hint')}</p> : null}
        <div className="storage-popup__actions">
          <Button onClick={close} autoFocus={!buyBuilt} data-testid="storage-popup-close">
            {t('storagePopups.close')}
          </Button>
          {/* Hidden until the storage settings page is built (issue 22: no dead end). */}
          {buyBuilt ? (
            <Button
              variant="primary"
              autoFocus
              onClick={() => {
                close();
                void navigate(STORAGE_SETTINGS);
              }}
              data-testid="storage-popup-buy"
            >
              {t('storagePopups.buyMore')}
            </Button>
          ) : null}
        </div>
      </section>
    );
  }
  return StoragePopup;
}

/** Registers the storage popups with the popup host; the shell calls it once at start-up. */
export function registerStoragePopups(): void {
  registerPopup(STORAGE_POPUPS.addedMoreThanAvailable, storagePopup('addedMore'));
  registerPopup(STORAGE_POPUPS.above80, storagePopup('above80'));
  registerPopup(STORAGE_POPUPS.above95, storagePopup('above95'));
  registerPopup(STORAGE_POPUPS.restoredMoreThanAvailable, storagePopup('restoredMore'));
}
