import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { toastStore } from '../../state/toasts';

export function ToastViewport() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  return (
    <section className="toast-viewport" aria-label={t('shell.notifications')} aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span className="toast__text">{t(toast.message.key, toast.message.values)}</span>
          {toast.action ? (
            <button
              type="button"
              className="toast__action"
              onClick={() => {
                toast.action?.run();
                dismiss(toast.id);
              }}
            >
              {t(toast.action.label.key, toast.action.label.values)}
            </button>
          ) : null}
          {toast.kind === 'progress' ? null : (
            <button
              type="button"
              className="toast__close"
              aria-label={t('common.dismiss')}
              onClick={() => dismiss(toast.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
      ))}
    </section>
  );
}
