import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { lazySchema } from '../../api/contract/lazySchema';
import type { PopupComponentProps } from '../../platform/popupRegistry';
import { useRouteBuilt } from '../../platform/routesBuilt';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { rememberSunsetPromptSeen } from './sessionPrompts';
import { longServiceDate } from '../../domain/language';

const PropsSchema = lazySchema(() =>
  z.object({ date: z.number().int().nonnegative(), user: z.string() }),
);
const TAKEOUT = '/settings/takeout';

/**
 * SPEC §4 SunsetDeletion: the account's content is deleted on its sunset date; shown once per
 * user on this browser (remembered as soon as it shows, SPEC §9 hasSeenSunsetDeletionPrompt),
 * with the way to download everything first when that page exists.
 */
export function SunsetPopup({ close, props }: PopupComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const takeoutBuilt = useRouteBuilt(TAKEOUT);
  const parsed = PropsSchema.safeParse(props);
  const user = parsed.success ? parsed.data.user : null;
  useEffect(() => {
    if (user !== null) rememberSunsetPromptSeen(user);
    else close();
  }, [user, close]);
  if (!parsed.success) return null;
  // sunset_delete_date is in seconds, like every date of the service.
  const date = longServiceDate(parsed.data.date, i18n.language);

  return (
    <Dialog
      open
      title={t('notices.sunset.title')}
      onClose={close}
      actions={
        <>
          {takeoutBuilt ? (
            <Button
              onClick={() => {
                close();
                void navigate(TAKEOUT);
              }}
              data-testid="sunset-download"
            >
              {t('notices.sunset.download')}
            </Button>
          ) : null}
          <Button variant="primary" onClick={close} autoFocus data-testid="sunset-ok">
            {t('notices.sunset.ok')}
          </Button>
        </>
      }
    >
      <div data-testid="sunset-popup">
        <p>{t('notices.sunset.body', { date })}</p>
      </div>
    </Dialog>
  );
}
