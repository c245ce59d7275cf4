import { useTranslation } from 'react-i18next';
import { useIsReadOnlyUser } from '../../platform/queries';
import { Button, type ButtonProps } from '../../ui/Button';
import { ReasonTooltip } from '../../ui/ReasonTooltip';
import { requestSubscription } from './subscription';

/**
 * SPEC §6: an action only a subscriber may take (share, add to album or timeline, upload,
 * restore, create an album, copy). For a read-only user it stays in place, unavailable, with
 * the readonly tooltip and a subscribe button that opens the subscription dialog. For anyone else
 * it is the plain button.
 */
export function SubscriberButton(props: ButtonProps) {
  const readOnly = useIsReadOnlyUser();
  if (!readOnly) return <Button {...props} />;
  return <ReadOnlyButton {...props} />;
}

function ReadOnlyButton({ onClick: _onClick, disabled: _disabled, ...props }: ButtonProps) {
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
            requestSubscription();
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
