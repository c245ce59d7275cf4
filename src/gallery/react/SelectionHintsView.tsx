import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectionHint } from '../engine/selection';
import type { GalleryEngine } from '../engine/GalleryEngine';
import './GalleryView.css';

const HINT_KEYS = {
  selection: 'gallery.hints.selection',
  'shift-select': 'gallery.hints.shiftSelect',
  'pinch-in': 'gallery.hints.pinchIn',
  'pinch-out': 'gallery.hints.pinchOut',
} as const;

/**
 * SPEC §9 hints (selection after 10, shift-select at 1 or 3, pinch), shown while the engine's
 * SelectionHints says so (each hides after 3000 ms), and the selection count for screen
 * readers. Both change on user actions only, never per frame.
 */
export function SelectionHintsView({ engine }: { engine: GalleryEngine }) {
  const { t } = useTranslation();
  const [hints, setHints] = useState<SelectionHint[]>(() => engine.hints.visible);
  const [count, setCount] = useState(() => engine.selection.count);

  useEffect(() => {
    setHints(engine.hints.visible);
    return engine.hints.subscribe(() => setHints(engine.hints.visible));
  }, [engine]);

  useEffect(() => {
    setCount(engine.selection.count);
    return engine.selection.subscribe(() => setCount(engine.selection.count));
  }, [engine]);

  return (
    <>
      <div className="gallery-hints" role="status" aria-live="polite" data-testid="gallery-hints">
        {hints.map((hint) => (
          <p key={hint} className="gallery-hints__hint" data-hint={hint}>
            {t(HINT_KEYS[hint])}
          </p>
        ))}
      </div>
      <div className="visually-hidden" role="status" data-testid="gallery-selection-count">
        {count > 0 ? t('gallery.selection.count', { count }) : null}
      </div>
    </>
  );
}
