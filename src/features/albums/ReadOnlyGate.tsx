import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsReadOnlyUser } from '../../platform/queries';
import { useRouteBuilt } from '../../platform/routesBuilt';
import { Button, type ButtonProps } from '../../ui/Button';

/** Where a read-only user subscribes (SPEC §6: the subscribe button goes to the subscription page). */
const SUBSCRIBE_PATH = '/settings/storage';

/**
 * A button only a subscriber may use (SPEC §6: create, add, upload and copy). For a read-only
 * user it stays in place, disabled, with the readonly tooltip and a subscribe link beside it.
 */
export function SubscriberButton(props: ButtonProps) {
  const { t } = useTranslation();
  const readOnly = useIsReadOnlyUser();
  const subscribeBuilt = useRouteBuilt(SUBSCRIBE_PATH);
  if (!readOnly) return <Button {...props} />;
  return (
    <span className="read-only-gate" data-testid="read-only-gate">
      <span title={t('albums.readOnly.tooltip')} className="read-only-gate__wrap">
        <Button {...props} disabled aria-describedby={undefined} onClick={undefined} />
      </span>
      <span className="visually-hidden">{t('albums.readOnly.tooltip')}</span>
      {subscribeBuilt ? (
        <Link to={SUBSCRIBE_PATH} className="ui-button ui-button--primary">
          {t('albums.readOnly.subscribe')}
        </Link>
      ) : null}
    </span>
  );
}
