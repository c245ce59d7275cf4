import { useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { mediaUrls } from '../../platform/mediaUrls';
import { Button } from '../../ui/Button';
import { castService } from './CastService';
import { installCastStrings, useCastTranslation } from './strings';
import { useCastConnection } from './useCastConnection';
import './Cast.css';

/** SPEC §2: the casting bar is hidden on the timeline and album carousel paths. */
const HIDDEN_ON = ['/photos/:fileId', '/carousel/:jobId/:fileId'];

/** While a video plays, its position is asked for this often (getReceiverState). */
const POSITION_POLL_MS = 1000;

/**
 * The casting bar (a global overlay, loaded only while casting): the TV's name, what it shows,
 * play/pause and seek for a video, stop casting. It survives navigation and reload (the pairing
 * is stored; `useCastConnection` reconnects).
 */
export default function CastingBar() {
  const { t } = useCastTranslation();
  const [ready, setReady] = useState(false);
  const { pathname } = useLocation();
  const status = useCastConnection((s) => s.status);
  const device = useCastConnection((s) => s.deviceName);
  const receiver = useCastConnection((s) => s.receiver);
  const [seeking, setSeeking] = useState<number | null>(null);

  useEffect(() => void installCastStrings().then(() => setReady(true)), []);

  const playing = receiver?.playerState === 'playing';
  const isVideo = receiver?.item?.kind === 'video';
  useEffect(() => {
    if (!isVideo || !playing) return;
    const timer = setInterval(
      () => void castService.getReceiverState().catch(() => undefined),
      POSITION_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [isVideo, playing]);

  if (!ready || status !== 'connected' || !device) return null;
  if (HIDDEN_ON.some((pattern) => matchPath(pattern, pathname))) return null;
  const item = receiver?.item ?? null;
  return (
    <section className="cast-bar" aria-label={t('bar.label', { device })} data-testid="casting-bar">
      {item ? (
        <img
          className="cast-bar__thumb"
          alt=""
          src={mediaUrls(item.jobId).thumbnail(item.fileId, 256)}
        />
      ) : null}
      <div className="cast-bar__text">
        <strong>{t('bar.label', { device })}</strong>
        <span data-testid="casting-bar-item" data-file-id={item?.fileId ?? ''}>
          {item
            ? `${item.kind === 'video' ? t('bar.video') : t('bar.photo')} · ${t(`state.${receiver?.playerState ?? 'idle'}`)}`
            : t('bar.nothing')}
        </span>
      </div>
      {isVideo && receiver ? (
        <>
          <Button
            onClick={() => void castService.playOrPause(!playing)}
            data-testid="casting-bar-play"
          >
            {playing ? t('bar.pause') : t('bar.play')}
          </Button>
          <input
            type="range"
            min={0}
            max={Math.max(receiver.duration, 1)}
            step={1}
            value={seeking ?? receiver.currentTime}
            aria-label={t('bar.seek')}
            onChange={(event) => setSeeking(Number(event.target.value))}
            onPointerUp={() => {
              if (seeking !== null) void castService.seek(seeking);
              setSeeking(null);
            }}
            onKeyUp={() => {
              if (seeking !== null) void castService.seek(seeking);
              setSeeking(null);
            }}
            data-testid="casting-bar-seek"
          />
        </>
      ) : null}
      <Button
        variant="primary"
        onClick={() => void castService.stop()}
        data-testid="casting-bar-stop"
      >
        {t('bar.stop')}
      </Button>
    </section>
  );
}
