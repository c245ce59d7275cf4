import { lazy, Suspense, useState } from 'react';
import {
  ActionContent,
  CAROUSEL_ACTION_CLASS,
  registerCarouselAction,
  type CarouselSlotContext,
} from '../carousel';
import { SubscriberButton } from '../readOnly';
import { canEdit } from './editable';
import { EditorBoundary } from './EditorBoundary';
import { ErrorModal } from './ErrorModal';
import { installEditorStrings, useEditorTranslation } from './strings';

/** The editor and its library: their own chunk, fetched when the user first opens it. */
const EditorDialog = lazy(() => import('./EditorDialog'));

/**
 * The viewer's Edit button, for pictures (not videos). Saving a file needs a subscription
 * (SPEC §6), so a read-only user sees it unavailable with the reason and a subscribe button.
 */
function EditAction({ source, file }: CarouselSlotContext) {
  const { t } = useEditorTranslation();
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  if (!canEdit(file)) return null;
  const close = () => {
    setOpen(false);
    setBroken(false);
  };
  return (
    <>
      <SubscriberButton
        className={CAROUSEL_ACTION_CLASS}
        onClick={() => setOpen(true)}
        data-testid="carousel-edit"
      >
        <ActionContent icon="edit" label={t('action')} />
      </SubscriberButton>
      {open ? (
        // The chunk failing to load is the unexpected error too (a deploy replaced it: the
        // shell's chunk-reload handling covers the rest of the app).
        <EditorBoundary onError={() => setBroken(true)}>
          <Suspense fallback={null}>
            <EditorDialog key={file.id} source={source} file={file} onClose={close} />
          </Suspense>
        </EditorBoundary>
      ) : null}
      {broken ? <ErrorModal problem={{ kind: 'unexpected' }} onClose={close} /> : null}
    </>
  );
}

const SLOT = {
  id: 'edit',
  order: 7,
  render: (context: CarouselSlotContext) => <EditAction {...context} />,
};

/** Puts "Edit" in the viewer's toolbar once the editor's texts are in; returns the undo. */
export async function registerEditAction(): Promise<() => void> {
  await installEditorStrings();
  return registerCarouselAction(SLOT);
}
