import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsReadOnlyUser } from '../../platform/queries';
import { Button } from '../../ui/Button';
import { registerCarouselAction, type CarouselSlotContext } from '../carousel';
import { ShareDialog } from './ShareDialog';

/** The viewer's share button (SPEC §6: disabled for a read-only user, with the reason). */
function ShareAction({ source, file }: CarouselSlotContext) {
  const { t } = useTranslation();
  const readOnly = useIsReadOnlyUser();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        disabled={readOnly}
        title={readOnly ? t('albums.readOnly.tooltip') : undefined}
        data-testid="carousel-share"
      >
        {t('share.action')}
      </Button>
      {open ? (
        <ShareDialog jobId={source.jobId} fileIds={[file.id]} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

const SLOT = {
  id: 'share',
  order: 5,
  render: (context: CarouselSlotContext) => <ShareAction {...context} />,
};

/** Puts "share" in the viewer's toolbar; returns the undo. */
export function registerShareAction(): () => void {
  return registerCarouselAction(SLOT);
}
