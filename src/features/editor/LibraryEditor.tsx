import { useImperativeHandle, useRef, type Ref } from 'react';
import FilerobotImageEditor, {
  TABS,
  TOOLS,
  type getCurrentImgDataFunction,
} from 'react-filerobot-image-editor';
import { localeFromCode, DEFAULT_LOCALE } from '../../domain/language';
import type { Annotation, Crop, ShownSize } from './designScale';
import { useEditorTranslation } from './strings';
import { libraryLanguage } from './libraryLanguage';
import { TEXT_FONTS } from './fonts';
import { installGreyscale } from './greyscale';

// The Filters tab's "Black & White" is a greyscale (the library's was a 1-bit threshold).
installGreyscale();

/** The part of the library's state the editor reads (its store is not typed by the library). */
export interface LibraryState {
  originalImage?: HTMLImageElement | { width: number; height: number };
  shownImageDimensions?: Partial<ShownSize>;
  adjustments?: { crop?: Crop; rotation?: number };
  annotations?: Record<string, Annotation>;
  haveNotSavedChanges?: boolean;
}

type StatePart = Record<string, unknown>;
type UpdateState = (part: StatePart | ((state: LibraryState) => StatePart | null)) => void;

/** What the editor dialog drives: read and change the library's state, and export. */
export interface LibraryHandle {
  read(): Promise<LibraryState>;
  update(part: StatePart | ((state: LibraryState) => StatePart | null)): void;
  /** The edited image as a canvas, at the size of the image loaded now (pixel ratio 1). */
  exportCanvas(): HTMLCanvasElement;
}

interface Props {
  source: HTMLImageElement;
  onFontChange: (family: string, redraw: () => void) => void;
  ref?: Ref<LibraryHandle>;
}

/** How long a state read may wait for the library's next render before it is a failure. */
const READ_TIMEOUT_MS = 5000;

/**
 * The third-party editor (react-filerobot-image-editor, see CONTEXT.md for why this one): its
 * tabs (adjust: crop, rotate, flip; finetune; filters; annotate), our translations of its texts,
 * no save button (the dialog saves a copy), and a handle onto its state. The library's state is
 * read through its `updateStateFnRef`: an update that returns nothing changes nothing and hands
 * us the state when its reducer runs.
 */
export function LibraryEditor({ source, onFontChange, ref }: Props) {
  const { t, i18n } = useEditorTranslation();
  const getData = useRef<getCurrentImgDataFunction | undefined>(undefined);
  const updateState = useRef<UpdateState | undefined>(undefined);

  useImperativeHandle(
    ref,
    () => ({
      read: () =>
        new Promise<LibraryState>((resolve, reject) => {
          const update = updateState.current;
          if (!update) return reject(new Error('the editor is not ready'));
          const timer = setTimeout(
            () => reject(new Error('the editor did not answer')),
            READ_TIMEOUT_MS,
          );
          update((state) => {
            clearTimeout(timer);
            resolve(state);
            return null;
          });
        }),
      update: (part) => updateState.current?.(part),
      exportCanvas: () => {
        const get = getData.current;
        if (!get) throw new Error('the editor is not ready');
        const { imageData } = get({ extension: 'png' }, 1);
        if (!imageData.imageCanvas) throw new Error('the editor gave no canvas');
        return imageData.imageCanvas;
      },
    }),
    [],
  );

  const locale = localeFromCode(i18n.language) ?? DEFAULT_LOCALE;
  return (
    <FilerobotImageEditor
      source={source}
      useBackendTranslations={false}
      language={libraryLanguage(locale)}
      translations={t('library', { returnObjects: true })}
      tabsIds={[TABS.ADJUST, TABS.FINETUNE, TABS.FILTERS, TABS.ANNOTATE]}
      defaultTabId={TABS.ADJUST}
      defaultToolId={TOOLS.CROP}
      Rotate={{ componentType: 'buttons', angle: 90 }}
      Text={{ fonts: TEXT_FONTS, onFontChange }}
      removeSaveButton
      showBackButton={false}
      resetOnImageSourceChange={false}
      avoidChangesNotSavedAlertOnLeave
      defaultSavedImageType="jpeg"
      savingPixelRatio={1}
      previewPixelRatio={window.devicePixelRatio || 1}
      getCurrentImgDataFnRef={getData}
      updateStateFnRef={updateState}
    />
  );
}
