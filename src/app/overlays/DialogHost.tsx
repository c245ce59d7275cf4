import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { dialogStore } from '../../state/dialogs';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/** Shows the head of the confirm/alert queue (SPEC §4: first in, first out); Escape cancels. */
export function DialogHost() {
  const { t } = useTranslation();
  const head = useStore(dialogStore, (s) => s.queue[0]);
  const settle = useStore(dialogStore, (s) => s.settle);
  if (!head) return null;
  const title = head.title ?? {
    key: head.kind === 'confirm' ? 'dialogs.confirm' : 'dialogs.alert',
  };
  return (
    <Dialog
      key={head.id}
      open
      role="alertdialog"
      title={t(title.key, title.values)}
      onClose={() => settle(head.id, false)}
      actions={
        head.kind === 'confirm' ? (
          <>
            <Button onClick={() => settle(head.id, false)}>
              {head.cancelLabel
                ? t(head.cancelLabel.key, head.cancelLabel.values)
                : t('common.cancel')}
            </Button>
            <Button
              variant={head.destructive ? 'danger' : 'primary'}
              autoFocus
              onClick={() => settle(head.id, true)}
            >
              {head.confirmLabel
                ? t(head.confirmLabel.key, head.confirmLabel.values)
                : t('common.ok')}
            </Button>
          </>
        ) : (
          <Button variant="primary" autoFocus onClick={() => settle(head.id, true)}>
            {head.confirmLabel
              ? t(head.confirmLabel.key, head.confirmLabel.values)
              : t('common.ok')}
          </Button>
        )
      }
    >
      <p>{t(head.body.key, head.body.values)}</p>
    </Dialog>
  );
}
