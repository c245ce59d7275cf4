import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackEngaged } from '../../platform/analytics';
import {
  ActionContent,
  CAROUSEL_ACTION_CLASS,
  registerCarouselAction,
  type CarouselSlotContext,
} from '../carousel';
import { SubscriberButton } from '../readOnly';
import { ShareDialog } from './ShareDialog';

/** The viewer's share button (SPEC §6: a read-only user gets the reason and a subscribe button). */
function ShareAction({ source, file }: CarouselSlotContext) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <SubscriberButton
        className={CAROUSEL_ACTION_CLASS}
        title={t('share.action')}
        onClick={() => setOpen(true)}
        data-testid="carousel-share"
      >
        <ActionContent icon="share" label={t('share.action')} />
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
  placement: 'bar' as const,
  render: (context: CarouselSlotContext) => <ShareAction {...context} />,
};

/** Puts "share" in the viewer's toolbar; returns the undo. */
export function registerShareAction(): () => void {
  return registerCarouselAction(SLOT);
}
