import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackEngaged } from '../../platform/analytics';
import { registerCarouselAction, type CarouselSlotContext } from '../carousel';
import { SubscriberButton } from '../readOnly';
import { ShareDialog } from './ShareDialog';

/** The viewer's share button (SPEC §6: a read-only user gets the reason and a subscribe button). */
function ShareAction({ source, file }: CarouselSlotContext) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <SubscriberButton onClick={() => setOpen(true)} data-testid="carousel-share">
        {t('share.action')}
      </SubscriberButton>
      {open ? (
        <ShareDialog
          jobId={source.jobId}
          fileIds={[file.id]}
          onClose={() => setOpen(false)}
          onShared={() => trackEngaged('carousel_share_finish')}
        />
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
