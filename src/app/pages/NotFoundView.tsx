import { useTranslation } from 'react-i18next';
import { FREE_STORAGE_GB_IN_SHARE_TEXT } from '../../domain/constants';
import { useLoginStatus } from '../../state/session';
import { MessagePage } from '../../ui/MessagePage';
import { OnwardOrSignIn } from '../../features/auth';
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
      actions={<OnwardOrSignIn to="/photos" label={t('common.goToTimeline')} />}
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
