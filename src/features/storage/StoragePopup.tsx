import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { registerPopup, type PopupComponentProps } from '../../platform/popupRegistry';
import { Button } from '../../ui/Button';
import { STORAGE_POPUPS } from './storagePopups';
import './storagePopups.css';

type Texts = 'addedMore' | 'above80' | 'above95' | 'restoredMore';

/** SPEC §8 storage popups: each with close and "buy more storage" (to Settings storage). */
function storagePopup(texts: Texts) {
  function StoragePopup({ close }: PopupComponentProps) {
    const { t } = useTranslation();
    const navigate = useNavigate();
    const titleId = useId();
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
          <Button onClick={close} data-testid="storage-popup-close">
            {t('storagePopups.close')}
          </Button>
          <Button
            variant="primary"
            autoFocus
            onClick={() => {
              close();
              void navigate('/settings/storage');
            }}
            data-testid="storage-popup-buy"
          >
            {t('storagePopups.buyMore')}
          </Button>
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
