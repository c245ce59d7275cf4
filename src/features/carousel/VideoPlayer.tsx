import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoEncodingStatus } from '../../domain/videoEncoding';
import { Spinner } from '../../ui/Spinner';
import './Carousel.css';

export interface VideoHandle {
  togglePlay(): void;
  seekBy(seconds: number): void;
}

interface VideoPlayerProps {
  src: string;
  poster: string;
  status: VideoEncodingStatus | null;
  label: string;
  /** The slideshow plays videos through and moves on when they end. */
  autoPlay: boolean;
  onEnded: () => void;
}

/**
 * A video from the content route (Range requests), the poster first. It plays once the SPEC §4
 * encoding status says ENCODED; FETCHING and PROCESSING show their state, ERROR its text.
 */
export const VideoPlayer = forwardRef<VideoHandle, VideoPlayerProps>(function VideoPlayer(
  { src, poster, status, label, autoPlay, onEnded },
  handle,
) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);

  useImperativeHandle(
    handle,
    () => ({
      togglePlay() {
        const element = video.current;
        if (!element) return;
        if (element.paused) void element.play().catch(() => undefined);
        else element.pause();
      },
      seekBy(seconds) {
        const element = video.current;
        if (!element) return;
        const end = Number.isFinite(element.duration) ? element.duration : element.currentTime;
        element.currentTime = Math.min(end, Math.max(0, element.currentTime + seconds));
      },
    }),
    [],
  );

  const encoded = status === 'ENCODED';
  useEffect(() => {
    if (encoded && autoPlay) void video.current?.play().catch(() => undefined);
  }, [encoded, autoPlay, src]);

  if (status === 'ERROR') {
    return (
      <div className="carousel-video__state" role="status" data-testid="carousel-video-error">
        <img className="carousel-stage__image" src={poster} alt="" />
        <p>{t('carousel.video.error')}</p>
      </div>
    );
  }
  if (!encoded) {
    return (
      <div
        className="carousel-video__state"
        data-testid="carousel-video-state"
        data-status={status}
      >
        <img className="carousel-stage__image" src={poster} alt="" />
        <Spinner
          label={
            status === 'PROCESSING' ? t('carousel.video.processing') : t('carousel.video.checking')
          }
        />
      </div>
    );
  }
  return (
    <video
      ref={video}
      className="carousel-stage__video"
      data-testid="carousel-video"
      src={src}
      poster={poster}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      onEnded={onEnded}
    />
  );
});
