/** SPEC §8 editor error modals, one kind each. */
export type EditorErrorKind =
  'imageLoading' | 'rendering' | 'fontLoading' | 'webcam' | 'stickerLoading' | 'unexpected';

/** A failure the editor knows how to explain; anything else is `unexpected`. */
export class EditorError extends Error {
  constructor(
    readonly kind: EditorErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EditorError';
  }
}

export function errorKindOf(error: unknown): EditorErrorKind {
  return error instanceof EditorError ? error.kind : 'unexpected';
}

/** What the modal shows beside its text: the font's name for a font that did not load. */
export interface EditorProblem {
  kind: EditorErrorKind;
  font?: string;
  /** Offered for a load that may work on a second try (the image, a sticker). */
  retry?: () => void;
}
