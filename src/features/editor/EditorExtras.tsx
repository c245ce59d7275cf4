import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { captureFrame, closeCamera, openCamera } from './camera';
import { STICKERS, loadSticker } from './stickers';
import { useEditorTranslation } from './strings';
import './Editor.css';

interface Props {
  /** Adds the picture to the edit; a rejection is reported by `onError`. */
  onAdd: (image: HTMLImageElement) => Promise<void>;
  onError: (error: unknown, retry?: () => void) => void;
  /** Told of each sticker from the moment it is picked, until it is added or fails. */
  onAdding: (work: Promise<void>) => void;
  disabled: boolean;
}

/** The editor's own additions to the library's tools: a sticker, or a photo from the camera. */
export function EditorExtras({ onAdd, onError, onAdding, disabled }: Props) {
  const { t } = useEditorTranslation();
  const [stickers, setStickers] = useState(false);
  const [camera, setCamera] = useState(false);

  const addSticker = (url: string) => {
    setStickers(false);
    const attempt = () => {
      const adding = loadSticker(url).then(onAdd);
      onAdding(adding);
      adding.catch((error: unknown) => onError(error, attempt));
    };
    attempt();
  };

  return (
    <div className="editor__extras" role="group" aria-label={t('extras')}>
      <div className="editor__stickers">
        <Button
          onClick={() => setStickers((open) => !open)}
          aria-expanded={stickers}
          disabled={disabled}
          data-testid="editor-stickers"
        >
          {t('sticker')}
        </Button>
        {stickers ? (
          <div className="editor__sticker-list" role="group" aria-label={t('stickerPicker')}>
            {STICKERS.map((sticker) => (
              <button
                key={sticker.id}
                type="button"
                className="editor__sticker"
                onClick={() => addSticker(sticker.url)}
                data-testid={`editor-sticker-${sticker.id}`}
              >
                <img src={sticker.url} alt={t(`stickers.${sticker.id}`)} width={40} height={40} />
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <Button onClick={() => setCamera(true)} disabled={disabled} data-testid="editor-camera">
        {t('camera')}
      </Button>
      {camera ? (
        <CameraDialog
          onClose={() => setCamera(false)}
          onError={(error) => {
            setCamera(false);
            onError(error);
          }}
          onTake={(image) => {
            setCamera(false);
            onAdd(image).catch((error: unknown) => onError(error));
          }}
        />
      ) : null}
    </div>
  );
}

interface CameraProps {
  onClose: () => void;
  onError: (error: unknown) => void;
  onTake: (image: HTMLImageElement) => void;
}

/** A live view of the camera and a shutter; the stream stops when it closes. */
function CameraDialog({ onClose, onError, onTake }: CameraProps) {
  const { t } = useEditorTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const report = useRef(onError);
  report.current = onError;

  useEffect(() => {
    let gone = false;
    openCamera().then(
      (opened) => {
        if (gone) return closeCamera(opened);
        stream.current = opened;
        if (video.current) video.current.srcObject = opened;
        setReady(true);
      },
      (error: unknown) => {
        if (!gone) report.current(error);
      },
    );
    return () => {
      gone = true;
      closeCamera(stream.current);
    };
  }, []);

  const take = () => {
    if (!video.current) return;
    captureFrame(video.current).then(onTake, onError);
  };

  return (
    <Dialog
      open
      width={640}
      title={t('cameraTitle')}
      onClose={onClose}
      actions={
        <>
          <Button
            variant="primary"
            onClick={take}
            disabled={!ready}
            data-testid="editor-camera-take"
          >
            {t('cameraTake')}
          </Button>
          <Button onClick={onClose}>{t('cancel')}</Button>
        </>
      }
    >
      <video ref={video} className="editor__camera" autoPlay muted playsInline />
    </Dialog>
  );
}
