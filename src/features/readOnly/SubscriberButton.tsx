import { useTranslation } from 'react-i18next';
import { useIsReadOnlyUser } from '../../platform/queries';
import { Button, type ButtonProps } from '../../ui/Button';
import { ReasonTooltip } from '../../ui/ReasonTooltip';
import { requestSubscription, type HeldAction } from './subscription';

/**
 * SPEC §6: an action only a subscriber may take (share, add to album or timeline, upload,
 * restore, create an album, copy). For a read-only user it stays in place, unavailable, with
 * the readonly tooltip and a subscribe button that opens the subscription dialog. For anyone else
 * it is the plain button. `held` (SPEC §4) makes the action wait for the purchase: the subscribe
 * button queues the dialog with it, and it resumes once subscribed or is dropped if refused.
 */
export function SubscriberButton({ held, ...props }: SubscriberButtonProps) {
  const readOnly = useIsReadOnlyUser();
  if (!readOnly) return <Button {...props} />;
  return <ReadOnlyButton {...props} {...(held ? { held } : {})} />;
}

export type SubscriberButtonProps = ButtonProps & { held?: () => HeldAction };

function ReadOnlyButton({
  onClick: _onClick,
  disabled: _disabled,
  held,
  ...props
}: SubscriberButtonProps) {
  const { t } = useTranslation();
  return (
    <ReasonTooltip
      reason={t('readOnly.tooltip')}
      testId="read-only-gate"
      action={(close) => (
        <Button
          variant="primary"
          onClick={() => {
            close();
            requestSubscription(held?.());
          }}
          data-testid="read-only-subscribe"
        >
          {t('readOnly.subscribe')}
        </Button>
      )}
    >
      {(trigger) => <Button {...props} {...trigger} />}
    </ReasonTooltip>
  );
}
