import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { longServiceDate } from '../../domain/language';
import { paidTransitionNotice } from '../../domain/paidTransition';
import { resourceLoadOf, useAccountInfo } from '../../platform/queries';
import { useLoginStatus } from '../../state/session';
import { Button, buttonClass } from '../../ui/Button';
import { rememberTransitionDismissed, transitionDismissedQuery } from './noticesApi';
import './notices.css';

const STORAGE_SETTINGS = '/settings/storage';

/**
 * SPEC §2 paid-service transition notice (rule: domain/paidTransition.ts): a card at the foot of
 * every signed-in page for an account the service is shutting down, with the trial promo, the
 * deletion date (or the months left) and the way to the plans. Dismissed with Close, remembered
 * as an account attribute so it stays away on every device.
 */
export function PaidTransitionNotice() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const signedIn = useLoginStatus() === 'AUTHENTICATED';
  const account = useAccountInfo().data;
  const beingShutDown = signedIn && account?.isBeingShutDown === true;
  const dismissed = useQuery({ ...transitionDismissedQuery, enabled: beingShutDown });
  // Nothing until the attribute is read (SPEC §4 resource load EMPTY or FETCHING): a dismissed
  // notice must not flash. FAILED shows it.
  const load = resourceLoadOf(dismissed);
  if (!account || !beingShutDown || load === 'EMPTY' || load === 'FETCHING') return null;
  const notice = paidTransitionNotice(account, dismissed.data === true);
  if (!notice) return null;

  const close = () => {
    queryClient.setQueryData(transitionDismissedQuery.queryKey, true);
    // Not saved: gone for this session, and shown again at the next one.
    rememberTransitionDismissed().catch((error: unknown) => {
      console.warn('[notices] transition notice dismissal not saved', error);
    });
  };
  const deletion =
    notice.deleteDate === null
      ? t('notices.transition.deleteIn', { count: notice.noticeMonths })
      : t('notices.transition.deleteOn', {
          date: longServiceDate(notice.deleteDate, i18n.language),
        });

  return (
    <section
      className="transition-notice"
      aria-labelledby={titleId}
      data-testid="transition-notice"
    >
      <h2 id={titleId} className="transition-notice__title">
        {t('notices.transition.title')}
      </h2>
      <p>{t('notices.transition.promo', { count: notice.promoMonths })}</p>
      <p>{deletion}</p>
      <div className="transition-notice__actions">
        <Link
          to={STORAGE_SETTINGS}
          className={buttonClass('primary')}
          data-testid="transition-notice-plans"
        >
          {t('notices.transition.plans')}
        </Link>
        <Button onClick={close} data-testid="transition-notice-close">
          {t('common.close')}
        </Button>
      </div>
    </section>
  );
}
