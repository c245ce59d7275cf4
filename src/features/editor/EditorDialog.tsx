import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { fileName } from '../../domain/classify';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { fileDetailQuery, type CarouselFile, type CarouselSource } from '../carousel';
import { startUpload } from '../upload';
import { addImageAnnotation } from './annotations';
import { EditorBoundary, UnexpectedProbe } from './EditorBoundary';
import { EditorExtras } from './EditorExtras';
import { errorKindOf, type EditorProblem } from './errors';
import { DiscardModal, ErrorModal } from './ErrorModal';
import { ensureFont } from './fonts';
import { repairLibraryA11y } from './libraryA11y';
import { LibraryEditor, type LibraryHandle } from './LibraryEditor';
import { copyTypeFor, editedCopyName } from './naming';
import { renderCopy } from './renderCopy';
import { useEditorTranslation } from './strings';
import { SizeNotice } from './SizeNotice';
import { trapTab } from './trapTab';
import { useEditorImages } from './useEditorImages';
import './Editor.css';

interface Props {
  source: CarouselSource;
  file: CarouselFile;
  onClose: () => void;
}

/**
 * The photo editor over the viewer: the library on the 1280 image, our header (title, size
 * warning, sticker and camera, Cancel, Save as copy) and the SPEC §8 error modals. A
 * non-modal <dialog> with its own focus trap, because the library opens its menus in portals
 * under <body>, which a modal dialog would make inert; `dialog[open]` still tells the viewer
 * to leave the keys to it. Saving renders the edit on the original and hands a new file to
 * the upload queue (the original is never written); the copy then arrives by live sync.
 */
export default function EditorDialog({ source, file, onClose }: Props) {
  const { t } = useEditorTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const handle = useRef<LibraryHandle>(null);
  const stage = useRef<HTMLDivElement>(null);
  const detail = useQuery(fileDetailQuery(source.jobId, file.id));
  const path = file.path ?? detail.data?.path;
  const width = detail.data?.width;
  const height = detail.data?.height;
  const images = useEditorImages(source, file.id, path, width && height ? { width, height } : null);
  const [showing, setShowing] = useState<HTMLImageElement | null>(null);
  const [problem, setProblem] = useState<EditorProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  /** Our own additions count as edits (the library flags only its own). */
  const added = useRef(false);
  /** Stickers picked and not yet added (or failed): closing waits for them. */
  const adding = useRef(new Set<Promise<void>>());

  const preview = images.preview;
  useEffect(() => {
    if (preview) setShowing((current) => current ?? preview);
  }, [preview]);

  useEffect(() => {
    if (images.failed) setProblem({ kind: 'imageLoading', retry: images.retry });
  }, [images.failed, images.retry]);

  const report = useCallback((error: unknown, retry?: () => void) => {
    if (errorKindOf(error) === 'unexpected') console.error('[editor]', error);
    setProblem({ kind: errorKindOf(error), retry });
  }, []);

  // The library's controls reachable by keyboard and named (libraryA11y.ts).
  const cropPresets = t('library.cropTool');
  useEffect(() => {
    const root = stage.current;
    return root ? repairLibraryA11y(root, { cropPresets }) : undefined;
  }, [cropPresets]);

  // Focus comes into the editor when it opens, and goes back where it was when it closes.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    return () => before?.focus?.();
  }, []);

  const requestClose = async () => {
    if (saving) return;
    // A sticker picked just before (still loading) counts once it is in: wait for it.
    await Promise.allSettled([...adding.current]);
    const state = await handle.current?.read().catch(() => null);
    if (added.current || state?.haveNotSavedChanges) setDiscarding(true);
    else onClose();
  };

  const save = async () => {
    const editor = handle.current;
    if (!editor || !showing || path === undefined || saving) return;
    setSaving(true);
    try {
      const base = await images.saveBase();
      const type = copyTypeFor(path);
      const blob = await renderCopy(editor, base, showing, setShowing, type);
      // Same capture time as the original, so the copy sits beside it in the timeline.
      const copy = new File([blob], editedCopyName(path, type), {
        type,
        lastModified: file.time * 1000,
      });
      await startUpload([{ file: copy }], { kind: 'job', jobId: source.jobId });
      // Said as the editor closes (issue 34.11: saving gave no word); the upload panel follows it.
      showToast({ message: { key: 'upload.editedCopy', values: { name: copy.name } } });
      onClose();
    } catch (error) {
      setSaving(false);
      report(error, errorKindOf(error) === 'unexpected' ? undefined : () => void save());
    }
  };

  const onFontChange = (family: string, redraw: () => void) => {
    ensureFont(family).then(redraw, (error: unknown) => {
      setProblem({ kind: errorKindOf(error), font: family });
      redraw();
    });
  };

  // Keys are the editor's wherever the focus is (it may fall to <body> when a library control
  // goes away): Escape closes a library menu, else the editor (asking first if edited); Tab
  // stays inside. A modal over the editor (an error, the discard question) has the keys.
  const onKey = (event: globalThis.KeyboardEvent) => {
    if (event.defaultPrevented || document.querySelector('dialog:modal')) return;
    if (event.key === 'Tab') return trapTab(event, dialog.current);
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    const libraryMenu = document.querySelector<HTMLElement>('.SfxPopper-Overlay');
    if (libraryMenu) libraryMenu.click();
    else void requestClose();
  };
  const keyHandler = useRef(onKey);
  useLayoutEffect(() => {
    keyHandler.current = onKey;
  });
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const closeProblem = () => {
    // Without anything to edit (the image never loaded, the editor broke) there is no editor.
    if (!preview || problem?.kind === 'unexpected') onClose();
    setProblem(null);
  };

  return createPortal(
    <dialog
      ref={dialog}
      open
      className="editor"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="editor"
      data-ready={showing ? 'true' : 'false'}
    >
      <div className="editor__header">
        <h2 id={titleId} className="editor__title">
          {t('title', { name: fileName(path ?? '') })}
        </h2>
        <SizeNotice warning={images.warning} />
        <EditorExtras
          disabled={!showing || saving}
          onError={report}
          onAdding={(work) => {
            adding.current.add(work);
            work.then(
              () => adding.current.delete(work),
              () => adding.current.delete(work),
            );
          }}
          onAdd={async (image) => {
            if (!handle.current) return;
            await addImageAnnotation(handle.current, image);
            added.current = true;
          }}
        />
        <div className="editor__actions">
          <Button onClick={() => void requestClose()} disabled={saving} data-testid="editor-cancel">
            {t('cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={() => void save()}
            disabled={!showing || path === undefined || saving}
            data-testid="editor-save"
          >
            {t('saveCopy')}
          </Button>
        </div>
      </div>
      <div className="editor__stage" ref={stage}>
        <EditorBoundary onError={(error) => report(error)}>
          <UnexpectedProbe />
          {showing ? (
            <LibraryEditor ref={handle} source={showing} onFontChange={onFontChange} />
          ) : (
            <div className="editor__loading">
              <Spinner label={t('loading')} />
            </div>
          )}
        </EditorBoundary>
        {saving ? (
          <div className="editor__saving" data-testid="editor-saving">
            <Spinner label={t('saving')} />
          </div>
        ) : null}
      </div>
      {problem ? (
        <ErrorModal problem={problem} onClose={closeProblem} onRetry={() => setProblem(null)} />
      ) : null}
      {discarding ? <DiscardModal onDiscard={onClose} onKeep={() => setDiscarding(false)} /> : null}
    </dialog>,
    document.body,
  );
}
