import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/MessagePage';
import { CreateUserNote } from './CreateUserNote';
import { OnwardOrSignIn } from './OnwardOrSignIn';
import { useLegalLinks } from '../../platform/legalLinks';

export type NotFoundKind = 'page' | 'album' | 'share';

/** Where a signed-in person goes on from a not-found page (the timeline unless said). */
export interface NotFoundOnward {
  to: string;
  /** The link's text. */
  labelKey: 'common.goToTimeline' | 'common.goToAlbums';
  testId?: string;
}

const TIMELINE: NotFoundOnward = { to: '/photos', labelKey: 'common.goToTimeline' };

/**
 * SPEC §2: not-found pages (album, share, page) have a title, a description, a learn-more link,
 * the create-user text, and a login button when logged out; signed in, a way onward.
 */
export function NotFoundView({
  kind,
  onward = TIMELINE,
}: {
  kind: NotFoundKind;
  onward?: NotFoundOnward;
}) {
  const { t } = useTranslation();
  const links = useLegalLinks();
  return (
    <MessagePage
      testId={`not-found-${kind}`}
      title={t(`notFound.${kind}.title`)}
      actions={<OnwardOrSignIn to={onward.to} label={t(onward.labelKey)} testId={onward.testId} />}
    >
      <p>{t(`notFound.${kind}.description`)}</p>
      <p>
        <a href={links.help} target="_blank" rel="noreferrer">
          {t('common.learnMore')}
        </a>
      </p>
      <CreateUserNote />
    </MessagePage>
  );
}
