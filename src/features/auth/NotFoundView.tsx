import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FREE_STORAGE_GB_IN_SHARE_TEXT } from '../../domain/constants';
import { useLoginStatus } from '../../state/session';
import { Button, buttonClass } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { startLogin } from './login';
import { useBrand } from '../../platform/brand';
import { useLegalLinks } from '../../platform/legalLinks';

export type NotFoundKind = 'page' | 'album' | 'share';

/**
 * SPEC §2: not-found pages (album, share, page) have a title, a description, a learn-more link,
 * the create-user text, and a login button when logged out.
 */
export function NotFoundView({ kind }: { kind: NotFoundKind }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const links = useLegalLinks();
  const status = useLoginStatus();
  const loggedIn = status === 'AUTHENTICATED' || status === 'FETCHING';
  return (
    <MessagePage
      testId={`not-found-${kind}`}
      title={t(`notFound.${kind}.title`)}
      actions={
        loggedIn ? (
          <Link className={buttonClass('primary')} to="/photos">
            {t('common.goToTimeline')}
          </Link>
        ) : (
          <Button
            variant="primary"
            data-testid="login-button"
            onClick={() => void startLogin({ ifFails: location.pathname })}
          >
            {t('common.signIn')}
          </Button>
        )
      }
    >
      <p>{t(`notFound.${kind}.description`)}</p>
      <p>
        <a href={links.help} target="_blank" rel="noreferrer">
          {t('common.learnMore')}
        </a>
      </p>
      {loggedIn ? null : (
        <p>{t('notFound.createUser', { brand: brand.name, gb: FREE_STORAGE_GB_IN_SHARE_TEXT })}</p>
      )}
    </MessagePage>
  );
}
