import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PopupComponentProps } from '../../app/overlays/popupRegistry';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/** SPEC §8 RestoredMoreFilesThanAvailableStorage: close, or buy more storage (Settings storage). */
export function RestoredMoreThanStoragePopup({ close }: PopupComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog
      open
      title={t('timeline.restoredMoreThanStorage.title')}
      onClose={close}
      actions={
        <>
          <Button onClick={close}>{t('common.close')}</Button>
          <Button
            variant="primary"
            autoFocus
            onClick={() => {
              close();
              void navigate('/settings/storage');
            }}
          >
            {t('timeline.restoredMoreThanStorage.buyMore')}
          </Button>
        </>
      }
    >
      <p data-testid="restored-more-than-storage">{t('timeline.restoredMoreThanStorage.body')}</p>
    </Dialog>
  );
}
