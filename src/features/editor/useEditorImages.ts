import { useCallback, useEffect, useRef, useState } from 'react';
import { editorResize, isShortOf, type PixelSize } from '../../domain/editorSize';
import type { CarouselSource } from '../carousel';
import { originalSource } from './editable';
import { EditorError } from './errors';
import { loadImage, releaseImage, resizedImage } from './loadImage';

/** Why the copy will not be the original's full size, told before the user saves. */
export type SizeWarning =
  | { kind: 'resized'; from: PixelSize; to: PixelSize }
  | { kind: 'preview'; size: PixelSize }
  /** The original came smaller than the file is (a rendition): the copy has its size. */
  | { kind: 'smaller'; from: PixelSize; to: PixelSize };

export interface EditorImages {
  /** The 1280 image the editor opens on (fast); null while it loads or when it failed. */
  preview: HTMLImageElement | null;
  failed: EditorError | null;
  warning: SizeWarning | null;
  /** The image the copy is made from: the original (resized past the limit), or the preview. */
  saveBase: () => Promise<HTMLImageElement>;
  retry: () => void;
}

const sizeOf = (image: HTMLImageElement): PixelSize => ({
  width: image.naturalWidth,
  height: image.naturalHeight,
});

/**
 * Loads what the editor works on: the 1280 thumbnail first, so it opens fast, then, in the
 * background while the user edits, the original the copy is saved from (SPEC §5: above the
 * megapixel limit it is resized, with a warning). A browser that cannot decode the original
 * (HEIC outside Safari; RAW and PSD everywhere) saves from the preview, also with a warning.
 */
export function useEditorImages(
  source: CarouselSource,
  fileId: string,
  path: string | undefined,
  /** The file's size as its details say (null while unknown). */
  known: PixelSize | null,
): EditorImages {
  const [attempt, setAttempt] = useState(0);
  const [preview, setPreview] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState<EditorError | null>(null);
  const [warning, setWarning] = useState<SizeWarning | null>(null);
  const [original, setOriginal] = useState<PixelSize | null>(null);
  const base = useRef<Promise<HTMLImageElement> | null>(null);
  const held = useRef<HTMLImageElement[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    setFailed(null);
    loadImage(source.thumbnailUrl(fileId, 1280), 'imageLoading', abort.signal).then(
      (image) => {
        if (abort.signal.aborted) return releaseImage(image);
        held.current.push(image);
        setPreview(image);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setFailed(
          error instanceof EditorError
            ? error
            : new EditorError('imageLoading', 'the preview did not load', { cause: error }),
        );
      },
    );
    return () => abort.abort();
  }, [source, fileId, attempt]);

  /** Starts loading the image the copy is made from (see SizeWarning for what it can be). */
  const startBase = useCallback(
    (shown: HTMLImageElement, name: string): Promise<HTMLImageElement> => {
      const fromPreview = () => {
        setWarning({ kind: 'preview', size: sizeOf(shown) });
        return shown;
      };
      const how = originalSource(name);
      if (how === 'preview') return Promise.resolve(fromPreview());
      const loading = loadImage(source.contentUrl(fileId), 'imageLoading').then(
        async (original) => {
          held.current.push(original);
          setOriginal(sizeOf(original));
          const fit = editorResize(sizeOf(original));
          if (!fit) return original;
          setWarning({ kind: 'resized', from: sizeOf(original), to: fit });
          const resized = await resizedImage(original, fit);
          held.current.push(resized);
          return resized;
        },
        (error: unknown) => {
          // Decoding is what fails for a HEIC here; a network failure is one whatever the format.
          const undecodable = error instanceof EditorError && /decoded/.test(error.message);
          if (how === 'tryOriginal' && undecodable) return fromPreview();
          throw error;
        },
      );
      // A failure surfaces when the user saves, which loads again.
      loading.catch(() => {
        if (base.current === loading) base.current = null;
      });
      base.current = loading;
      return loading;
    },
    [source, fileId],
  );

  // The original, in the background once the preview shows and the file's name is known.
  useEffect(() => {
    if (preview && path !== undefined && !base.current) void startBase(preview, path);
  }, [preview, path, startBase]);

  useEffect(
    () => () => {
      for (const image of held.current) releaseImage(image);
    },
    [],
  );

  const saveBase = useCallback(async () => {
    if (!preview) throw new EditorError('imageLoading', 'nothing is loaded');
    // Not started (the name was unknown) or failed before: load it now.
    return base.current ?? startBase(preview, path ?? '');
  }, [preview, path, startBase]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Known once both the original and the file's details are in (either may come first).
  const shortfall: SizeWarning | null =
    original && known && isShortOf(original, known)
      ? { kind: 'smaller', from: known, to: original }
      : null;
  return { preview, failed, warning: warning ?? shortfall, saveBase, retry };
}
