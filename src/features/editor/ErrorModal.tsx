import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import type { EditorProblem } from './errors';
import { useEditorTranslation } from './strings';

/** SPEC §8 editor error modals: what failed, in the user's language, and what they can do. */
export function ErrorModal({
  problem,
  onClose,
  onRetry = onClose,
}: {
  problem: EditorProblem;
  onClose: () => void;
  /** Dismisses the modal for a retry (Close may mean more: leaving the editor). */
  onRetry?: () => void;
}) {
  const { t } = useEditorTranslation();
  const { kind, retry } = problem;
  return (
    <Dialog
      open
      role="alertdialog"
      title={t(`errors.${kind}.title`)}
      onClose={onClose}
      actions={
        <>
          {retry ? (
            <Button
              variant="primary"
              data-testid="editor-error-retry"
              onClick={() => {
                onRetry();
                retry();
              }}
            >
              {t('errors.retry')}
            </Button>
          ) : null}
          <Button data-testid="editor-error-close" onClick={onClose}>
            {t('errors.close')}
          </Button>
        </>
      }
    >
      <p data-testid="editor-error" data-kind={kind}>
        {t(`errors.${kind}.body`, { font: problem.font ?? '' })}
      </p>
    </Dialog>
  );
}

/** Asks before unsaved edits are thrown away (Escape, Cancel). */
export function DiscardModal({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  const { t } = useEditorTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      title={t('discard.title')}
      onClose={onKeep}
      actions={
        <>
          <Button variant="danger" data-testid="editor-discard" onClick={onDiscard}>
            {t('discard.confirm')}
          </Button>
          <Button data-testid="editor-keep" onClick={onKeep}>
            {t('discard.keep')}
          </Button>
        </>
      }
    >
      <p>{t('discard.body')}</p>
    </Dialog>
  );
}
