import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackEngaged } from '../../platform/analytics';
import {
  ActionContent,
  CAROUSEL_ACTION_CLASS,
  registerCarouselAction,
  type CarouselSlotContext,
} from '../carousel';
import { AddToAlbumDialog } from './AddToAlbumDialog';
import { SubscriberButton } from '../readOnly';

/** The viewer's "add to album" (SPEC §5: the picker leaves the file's own album out). */
function AddToAlbumAction({ source, file }: CarouselSlotContext) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <SubscriberButton
        className={CAROUSEL_ACTION_CLASS}
        title={t('albums.add.action')}
        onClick={() => setOpen(true)}
        data-testid="carousel-add-to-album"
      >
        <ActionContent icon="addToAlbum" label={t('albums.add.action')} />
      </SubscriberButton>
      {open ? (
        <AddToAlbumDialog
          sourceJob={source.jobId}
          fileIds={[file.id]}
          onClose={() => setOpen(false)}
          onAdded={() => trackEngaged('carousel_add_to_album_finish')}
        />
      ) : null}
    </>
  );
}

const SLOT = {
  id: 'addToAlbum',
  order: 10,
  placement: 'wide' as const,
  render: (context: CarouselSlotContext) => <AddToAlbumAction {...context} />,
};

/** Puts "add to album" in the viewer's toolbar; returns the undo. */
export function registerAddToAlbumAction(): () => void {
  return registerCarouselAction(SLOT);
}

/** The same while the calling page is mounted. */
export function useAddToAlbumInCarousel(): void {
  useEffect(() => registerAddToAlbumAction(), []);
}
