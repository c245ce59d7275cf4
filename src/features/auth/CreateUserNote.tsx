import { useTranslation } from 'react-i18next';
import { FREE_STORAGE_GB_IN_SHARE_TEXT } from '../../domain/constants';
import { useBrand } from '../../platform/brand';
import { useLoginStatus } from '../../state/session';

/**
 * SPEC §2 not-found pages' create-user text, and SPEC §9 "Free storage is mentioned as 2 GB in
 * share text": shown to a signed-out person only (signed in, or finding out, shows nothing).
 */
export function CreateUserNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const status = useLoginStatus();
  if (status === 'AUTHENTICATED' || status === 'FETCHING') return null;
  return (
    <p className={className} data-testid="create-user-note">
      {t('notFound.createUser', { brand: brand.name, gb: FREE_STORAGE_GB_IN_SHARE_TEXT })}
    </p>
  );
}
