import { useEffect, useId, useRef, type ReactNode } from 'react';
import { DIALOG_WIDTHS_PX } from '../domain/constants';
import './Dialog.css';

export interface DialogProps {
  open: boolean;
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** SPEC §2: dialogs are 512 or 640 px wide. */
  width?: (typeof DIALOG_WIDTHS_PX)[number];
  /** Escape, the close button and a click on the backdrop all call this. */
  onClose: () => void;
  role?: 'dialog' | 'alertdialog';
  /** Covers the whole viewport (SPEC §2 full-screen message cards) instead of a set width. */
  fullScreen?: boolean;
}

/**
 * The root font size of a TV at which the SPEC's pixel sizes hold (app.css: 18 px from 1,400 px
 * wide, growing with the screen to 32 px at 3,840).
 */
const TV_BASE_ROOT_PX = 18;

/**
 * A dialog's CSS width: the SPEC's pixels, growing with a TV's root past 18 px (at 3,840 px a
 * 512-px dialog wrapped every button of its 32-px text onto two lines), never wider than the
 * screen less a 16-px margin each side.
 */
export function dialogWidth(widthPx: number): string {
  const tvRem = Number((widthPx / TV_BASE_ROOT_PX).toFixed(4));
  return `min(max(${widthPx}px, ${tvRem}rem), calc(100vw - 32px))`;
}

/** A double click's second click comes within this of the first (the usual OS setting is 500). */
export const BACKDROP_GRACE_MS = 500;

/**
 * A modal on the native <dialog>: the browser traps focus, restores it on close and maps Escape
 * to `cancel`, which we route to onClose so the owner decides what closing means.
 */
export function Dialog({
  open,
  title,
  children,
  actions,
  width = DIALOG_WIDTHS_PX[0],
  onClose,
  role = 'dialog',
  fullScreen = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const openedAt = useRef(0);
  const pressOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      openedAt.current = performance.now();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={fullScreen ? 'ui-dialog ui-dialog--full' : 'ui-dialog'}
      style={fullScreen ? undefined : { width: dialogWidth(width) }}
      role={role}
      aria-labelledby={title ? titleId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onPointerDown={(event) => {
        pressOnBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        // A backdrop click closes, but not the second click of the double click that opened
        // the dialog, nor a press that started inside (a text selection dragged out).
        const settled = performance.now() - openedAt.current >= BACKDROP_GRACE_MS;
        if (event.target === ref.current && pressOnBackdrop.current && settled) onClose();
        pressOnBackdrop.current = false;
      }}
    >
      {title ? (
        <h2 id={titleId} className="ui-dialog__title">
          {title}
        </h2>
      ) : null}
      <div className="ui-dialog__body">{children}</div>
      {actions ? <div className="ui-dialog__actions">{actions}</div> : null}
    </dialog>
  );
}
