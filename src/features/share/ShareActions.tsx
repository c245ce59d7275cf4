import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, type NavigateFunction } from 'react-router-dom';
import { actionFailure, apiErrorCode, isApiError } from '../../api/errors';
import { trackEngaged } from '../../platform/analytics';
import { useIsReadOnlyUser } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { asLongTask } from '../../state/longTasks';
import { popupStore } from '../../state/popups';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { requestSubscription, SubscriberButton, type HeldAction } from '../readOnly';
import { STORAGE_POPUPS } from '../storage';
import { copyShareToTimeline, stopShare } from './shareApi';

/** SPEC §4 share stop flow: idle → confirm → the deleted notice. */
export function StopSharing({ shareId, onStopped }: { shareId: string; onStopped: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'idle' | 'confirm' | 'stopping'>('idle');
  async function stop() {
    setStep('stopping');
    try {
      await stopShare(shareId);
      queryClient.removeQueries({ queryKey: ['shares', shareId] });
      onStopped();
    } catch (error) {
      setStep('confirm');
      showToast({ kind: 'error', message: actionFailure(error, { key: 'share.stop.failed' }) });
    }
  }
  return (
    <>
      <Button variant="danger" onClick={() => setStep('confirm')} data-testid="share-stop">
        {t('share.stop.action')}
      </Button>
      <Dialog
        open={step !== 'idle'}
        role="alertdialog"
        title={t('share.stop.confirmTitle')}
        onClose={() => step !== 'stopping' && setStep('idle')}
        actions={
          <>
            <Button onClick={() => setStep('idle')} disabled={step === 'stopping'}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={step === 'stopping'}
              onClick={() => void stop()}
              data-testid="share-stop-confirm"
            >
              {t('share.stop.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('share.stop.confirmBody')}</p>
      </Dialog>
    </>
  );
}

/**
 * SPEC §6: a signed-in user who is not the owner adds the files to their timeline; a visitor is
 * sent to sign in and comes back to `/share/{id}/copyShare`, which finishes the copy.
 */
export function AddToMyPhotos({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A visitor has no account yet: the button signs them in (SubscriberButton gates read-only
  // users: their subscribe button holds the copy until they have subscribed).
  return (
    <SubscriberButton
      variant="primary"
      onClick={() => void navigate(copyShareUrl(shareId))}
      held={() => heldCopy(shareId, navigate)}
      data-testid="share-add-to-photos"
    >
      {t('share.copy.action')}
    </SubscriberButton>
  );
}

const copyShareUrl = (shareId: string) => `/share/${encodeURIComponent(shareId)}/copyShare`;

/**
 * SPEC §4: a read-only user's copy waits for the subscription dialog — after a purchase it runs
 * (the copyShare route, now as a subscriber); refused, it is dropped and the user told so.
 */
function heldCopy(shareId: string, navigate: NavigateFunction): HeldAction {
  return {
    key: `copyShare:${shareId}`,
    resume: () => void navigate(copyShareUrl(shareId)),
    drop: () => showToast({ kind: 'error', message: { key: 'share.copy.dropped' } }),
  };
}

/**
 * SPEC §2 `/share/{shareId}/copyShare`: login-gated (a signed-out visit signs in and returns
 * here), then copies the share to the user's timeline once and goes back to the share with the
 * outcome. A read-only user's copy is held by the subscription dialog (`heldCopy`).
 */
export function CopyShare() {
  return (
    <RequireLogin autoLogin>
      <CopyShareNow />
    </RequireLogin>
  );
}

function CopyShareNow() {
  const { t } = useTranslation();
  const { shareId = '' } = useParams();
  const navigate = useNavigate();
  const readOnly = useIsReadOnlyUser();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const back = () => void navigate(`/share/${encodeURIComponent(shareId)}`, { replace: true });
    const hold = () => {
      showToast({ message: { key: 'share.copy.readOnly' } });
      requestSubscription(heldCopy(shareId, navigate));
    };
    if (readOnly) {
      hold();
      back();
      return;
    }
    asLongTask('copy', () => copyShareToTimeline(shareId)).then(
      (added) => {
        trackEngaged('timeline_add_finish');
        showToast({
          message: { key: 'share.copy.done', values: { count: added } },
          action: { label: { key: 'common.goToTimeline' }, run: () => void navigate('/photos') },
        });
        back();
      },
      (failure: unknown) => {
        if (isApiError(failure, 'payloadTooLarge')) {
          popupStore.getState().enqueue(STORAGE_POPUPS.addedMoreThanAvailable);
        }
        const code = apiErrorCode(failure);
        if (code === 'read_only_user') {
          hold();
          back();
          return;
        }
        showToast({
          kind: 'error',
          message: actionFailure(failure, {
            key: isApiError(failure, 'payloadTooLarge')
              ? 'share.copy.noStorage'
              : 'share.copy.failed',
          }),
        });
        back();
      },
    );
  }, [navigate, readOnly, shareId]);
  return <Spinner label={t('share.copy.copying')} />;
}
