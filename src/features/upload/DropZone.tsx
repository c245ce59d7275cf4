import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { filesFromDrop } from './dropEntries';
import { uploadDropped } from './dropUpload';
import { acceptsDrop, targetForPath } from './target';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * Drag-and-drop upload on the timeline and album pages: window-level listeners (so the pages
 * need no code of their own) and an overlay while files are dragged over the window. A shared
 * album's page asks first (dropUpload.ts).
 */
export function DropZone() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const enabled = acceptsDrop(pathname);
  const [over, setOver] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    // dragenter/dragleave fire for every child element: count them to know when we left.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth++;
      setOver(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      const files = filesFromDrop(event.dataTransfer, navigator.userAgent);
      uploadDropped(files, targetForPath(location.pathname));
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
      setOver(false);
    };
  }, [enabled]);

  if (!enabled || !over) return null;
  const album = targetForPath(pathname).kind === 'job';
  return (
    <div className="upload-drop-zone" data-testid="upload-drop-zone">
      <p>{album ? t('upload.drop.album') : t('upload.drop.timeline')}</p>
    </div>
  );
}
