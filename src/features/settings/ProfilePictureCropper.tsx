import { useGesture } from '@use-gesture/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_CROP_PX } from '../../domain/constants';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { clampView, initialView, MAX_ZOOM, zoomOf, zoomTo, type CropView } from './crop';
import './settings.css';

const KEY_STEP_PX = 10;
const ZOOM_STEP = 0.25;

/**
 * SPEC §2 select profile photo, §4 cropper: loads the photo (its dimensions first), then a
 * 310×310 circle over it — drag or arrow keys to move, wheel, pinch, the slider or +/− to zoom —
 * and OK hands the view back; Cancel leaves without a change.
 */
export function ProfilePictureCropper({
  src,
  saving,
  onCancel,
  onConfirm,
}: {
  src: string;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (view: CropView, shown: HTMLImageElement) => void;
}) {
  const { t } = useTranslation();
  const image = useRef<HTMLImageElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<CropView | null>(null);

  const move = (next: (old: CropView) => CropView) =>
    setView((old) => (old && size ? clampView(next(old), size.width, size.height) : old));
  const zoom = (value: number) =>
    setView((old) => (old && size ? zoomTo(old, value, size.width, size.height) : old));
  const currentZoom = view && size ? zoomOf(view, size.width, size.height) : 1;

  useGesture(
    {
      onDrag: ({ delta: [dx, dy], event }) => {
        // The arrow keys are ours (onKeyDown): use-gesture also drags on them, by its own step.
        if (event.type.startsWith('key')) return;
        move((old) => ({ ...old, x: old.x + dx, y: old.y + dy }));
      },
      onWheel: ({ delta: [, dy], event }) => {
        event.preventDefault();
        zoom(Math.min(MAX_ZOOM, Math.max(1, currentZoom * Math.exp(-dy / 500))));
      },
      onPinch: ({ offset: [scale] }) => zoom(Math.min(MAX_ZOOM, Math.max(1, scale))),
    },
    {
      target: area,
      eventOptions: { passive: false },
      drag: { filterTaps: true },
      pinch: { scaleBounds: { min: 1, max: MAX_ZOOM } },
    },
  );

  function onKeyDown(event: KeyboardEvent) {
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP_PX, 0],
      ArrowRight: [-KEY_STEP_PX, 0],
      ArrowUp: [0, KEY_STEP_PX],
      ArrowDown: [0, -KEY_STEP_PX],
    };
    const by = pan[event.key];
    if (by) move((old) => ({ ...old, x: old.x + by[0], y: old.y + by[1] }));
    else if (event.key === '+' || event.key === '=')
      zoom(Math.min(MAX_ZOOM, currentZoom + ZOOM_STEP));
    else if (event.key === '-') zoom(Math.max(1, currentZoom - ZOOM_STEP));
    else return;
    event.preventDefault();
  }

  return (
    <Dialog
      open
      title={t('profilePicture.cropTitle')}
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} data-testid="crop-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!view || saving}
            aria-busy={saving || undefined}
            onClick={() => view && image.current && onConfirm(view, image.current)}
            data-testid="crop-ok"
          >
            {t('common.ok')}
          </Button>
        </>
      }
    >
      <div className="crop" data-testid="cropper" data-ready={view !== null}>
        <div
          ref={area}
          className="crop__area"
          style={{ width: PROFILE_CROP_PX, height: PROFILE_CROP_PX }}
          tabIndex={0}
          role="group"
          aria-label={t('profilePicture.cropArea')}
          aria-describedby="crop-help"
          onKeyDown={onKeyDown}
          data-testid="crop-area"
        >
          <img
            ref={image}
            src={src}
            crossOrigin="anonymous"
            alt=""
            draggable={false}
            className="crop__image"
            style={
              view
                ? {
                    transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
                    visibility: 'visible',
                  }
                : { visibility: 'hidden' }
            }
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              setSize({ width, height });
              setView(initialView(width, height));
            }}
            onError={() => setFailed(true)}
          />
          <div className="crop__mask" aria-hidden="true" />
          {!view && !failed ? <Spinner label={t('common.loading')} /> : null}
        </div>
        {failed ? (
          <p role="alert" className="settings-error">
            {t('profilePicture.loadFailed')}
          </p>
        ) : null}
        <p id="crop-help" className="crop__help">
          {t('profilePicture.cropHelp')}
        </p>
        <label className="crop__zoom">
          <span>{t('profilePicture.zoom')}</span>
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={currentZoom}
            disabled={!view}
            onChange={(event) => zoom(Number(event.target.value))}
            data-testid="crop-zoom"
          />
        </label>
      </div>
    </Dialog>
  );
}
