import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { fileName } from '../../domain/classify';
import { usePrefersReducedMotion } from '../../gallery';
import { SLIDESHOW_INTERVAL_MS, THUMBNAIL_SIZES } from '../../domain/constants';
import { trackEngaged } from '../../platform/analytics';
import { useShortcutGroup } from '../../platform/shortcuts';
import { useBreakpoint } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { carouselStore, infoOpenFor } from './carouselStore';
import { CAROUSEL_SHORTCUTS } from './carouselKeys';
import { CarouselToolbar } from './CarouselToolbar';
import { CarouselStage, type StageHandle } from './CarouselStage';
import { fileDetailQuery } from './fileQueries';
import { InfoPanel } from './InfoPanel';
import { PictureLayers } from './PictureLayers';
import type { CarouselSource } from './types';
import { useCarouselCommands } from './useCarouselCommands';
import { useCarouselFile } from './useCarouselFile';
import { useCarouselKeys } from './useCarouselKeys';
import { useFullscreen, useMediaSession, useWakeLock } from './useBrowserApis';
import { useSlideshow } from './useSlideshow';
import { useIdleChrome } from './useIdleChrome';
import { StepQueue } from './stepQueue';
import { useVideoStatus } from './useVideoStatus';
import { VideoPlayer, type VideoHandle } from './VideoPlayer';
import { AUTOPLAY_HASH, type CarouselLocationState } from './location';
import './Carousel.css';

export interface CarouselProps {
  source: CarouselSource;
  fileId: string;
}

/**
 * The viewer (SPEC §2 `/photos/{fileId}`, `/carousel/{jobId}/{fileId}`; §4 Carousel): one file
 * full size over the page it was opened from, stepped with keys, arrows, swipes and the remote,
 * zoomed and panned, videos played once encoded, the info side module, fullscreen, slideshow
 * (`#autoPlay`), and the file actions. The URL follows each step with `replace`, so Back leaves.
 */
export function Carousel({ source, fileId }: CarouselProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fromGrid = (location.state as CarouselLocationState | null)?.fromGrid === true;
  const autoplay = location.hash === AUTOPLAY_HASH;
  const breakpoint = useBreakpoint();
  const tv = breakpoint === 'tv';
  const phone = breakpoint === 'mobile';
  const reducedMotion = usePrefersReducedMotion();
  const { file, position, previous, next, load, neighboursKnown } = useCarouselFile(source, fileId);
  const sideModule = useStore(carouselStore, (s) => infoOpenFor(s, phone));
  const root = useRef<HTMLDivElement>(null);
  const stage = useRef<StageHandle>(null);
  const video = useRef<VideoHandle>(null);
  const [openFrom] = useState(() => (fromGrid ? (source.originRect?.(fileId) ?? null) : null));
  const [original, setOriginal] = useState<string | null>(null);
  // What was last on screen stays under a new file until the new one's first layer decodes:
  // holding → never shows a blank frame.
  const [shown, setShown] = useState<{ id: string; src: string } | null>(null);
  const onShown = useCallback(
    (id: string, src: string) =>
      setShown((old) => (old?.id === id && old.src.includes('area=1280') ? old : { id, src })),
    [],
  );
  const { fullscreen, toggleFullscreen } = useFullscreen(root);
  useShortcutGroup(CAROUSEL_SHORTCUTS);
  // SPEC §9 engaged event (stepping to the next file is the same opening).
  useEffect(() => trackEngaged('carousel_open'), []);

  const isVideo = file?.kind === 'video';
  const videoStatus = useVideoStatus(source.jobId, isVideo ? fileId : null);
  // The file's details (size, pixels, camera) are read when the side module shows them or a zoom
  // needs the original's width: a plain step costs no request.
  const [zoomedId, setZoomedId] = useState<string | null>(null);
  const detail = useQuery({
    ...fileDetailQuery(source.jobId, fileId),
    enabled: file !== null && (sideModule || zoomedId === fileId),
  });

  useEffect(() => carouselStore.getState().setAutoplay(autoplay), [autoplay]);
  useWakeLock(autoplay);
  const idle = useIdleChrome(autoplay, root);

  const go = useCallback(
    (id: string, keepSlideshow: boolean) =>
      void navigate(`${source.routeFor(id)}${keepSlideshow ? AUTOPLAY_HASH : ''}`, {
        replace: true,
        state: location.state as unknown,
      }),
    [navigate, source, location.state],
  );

  const leave = useCallback(() => {
    if (fromGrid) void navigate(-1);
    else void navigate(source.returnTo, { replace: true });
  }, [fromGrid, navigate, source.returnTo]);

  const close = useCallback(() => {
    if (file) source.reveal?.(file.id);
    if (reducedMotion || !file || !source.originRect || !stage.current) return leave();
    const id = file.id;
    // The grid has scrolled the tile into view: animate back to it on the next frame.
    requestAnimationFrame(() => {
      const rect = source.originRect?.(id) ?? null;
      if (!rect || !stage.current) return leave();
      void stage.current.closeTo(rect).then(leave);
    });
    return undefined;
  }, [file, source, reducedMotion, leave]);

  /**
   * Manual steps, queued so every press counts (issue 34.9): a press counts from where the last
   * one went, also before its file has rendered. A manual step stops the slideshow (SPEC §4).
   */
  const latest = useRef({ go, source });
  useLayoutEffect(() => {
    latest.current = { go, source };
  });
  const [steps] = useState(
    () =>
      new StepQueue({
        walk: (from, direction, signal) => latest.current.source.neighbour(from, direction, signal),
        go: (id) => latest.current.go(id, false),
      }),
  );
  useEffect(() => () => steps.dispose(), [steps]);
  useEffect(() => steps.shown(fileId), [steps, fileId]);
  const step = useCallback(
    (direction: 1 | -1) => steps.press(direction, { id: fileId, next, previous, neighboursKnown }),
    [steps, fileId, next, previous, neighboursKnown],
  );

  const showing = load === 'ready' && file !== null;
  const advance = useSlideshow({
    autoplay,
    fileId,
    showing,
    isVideo,
    next,
    previous,
    neighboursKnown,
    go,
  });

  // Another feature moves the viewer on as the slideshow would (cast: the TV went ahead).
  const show = useCallback((id: string) => go(id, autoplay), [go, autoplay]);

  const toggleSlideshow = useCallback(() => {
    if (file) go(file.id, !autoplay);
  }, [file, go, autoplay]);

  const onDeleted = useCallback(
    (id: string) => {
      // SPEC §4: move to the next file, else the previous; with none, back to the source page.
      const target = next ?? previous;
      source.removeFiles?.([id]);
      if (target) go(target.id, autoplay);
      else leave();
    },
    [next, previous, source, go, autoplay, leave],
  );
  const commands = useCarouselCommands(source, file, onDeleted);

  const toggleInfo = useCallback(() => {
    const state = carouselStore.getState();
    state.setInfoOpen(!infoOpenFor(state, phone), phone);
  }, [phone]);
  // A phone's side module is this viewer's only: it starts closed next time.
  useEffect(() => () => carouselStore.getState().setInfoOpen(false, true), []);

  useMediaSession(file, {
    title: file ? fileName(file.path ?? detail.data?.path ?? '') : '',
    onNext: next ? () => step(1) : undefined,
    onPrevious: previous ? () => step(-1) : undefined,
    onPlayPause: isVideo ? () => video.current?.togglePlay() : undefined,
  });

  useCarouselKeys(root, {
    close,
    step,
    toggleInfo,
    toggleFullscreen: () => void toggleFullscreen(),
    remove: () => void commands.remove(),
    stage,
    video,
    isVideo,
    tv,
    fileId: file?.id ?? null,
    reveal: (id) => source.reveal?.(id),
  });

  const numbers = useMemo(
    () => new Intl.NumberFormat(i18n.language.replace(/_/g, '-')),
    [i18n.language],
  );
  const counter = position
    ? t('carousel.counter', {
        index: numbers.format(position.index + 1),
        total: numbers.format(position.total),
      })
    : '';
  const dateLabel = file
    ? new Intl.DateTimeFormat(i18n.language.replace(/_/g, '-'), {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(file.time * 1000))
    : '';
  const label = file
    ? t(isVideo ? 'carousel.videoLabel' : 'carousel.photoLabel', { date: dateLabel })
    : t('carousel.label');

  const showOriginal = original === fileId && !isVideo;
  const onZoomChange = useCallback(
    (zoom: { scale: number }, outgrew: boolean) => {
      if (zoom.scale > 1) setZoomedId(fileId);
      if (outgrew) setOriginal(fileId);
    },
    [fileId],
  );

  return createPortal(
    <div
      ref={root}
      className={`carousel${tv ? ' carousel--tv' : ''}${sideModule ? ' carousel--info' : ''}${idle ? ' carousel--idle' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      tabIndex={-1}
      data-testid="carousel"
      data-file-id={file?.id ?? ''}
      data-load={load}
    >
      <CarouselToolbar
        source={source}
        file={file}
        counter={counter}
        infoOpen={sideModule}
        slideshow={autoplay}
        fullscreen={fullscreen}
        busy={commands.busy}
        tv={tv}
        commands={{
          close,
          toggleInfo,
          toggleSlideshow,
          toggleFullscreen: () => void toggleFullscreen(),
          download: () => void commands.download(),
          exportJpeg: () => void commands.exportJpeg(),
          copy: () => void commands.copy(),
          remove: () => void commands.remove(),
          setCover: () => void commands.setCover(),
          show,
        }}
      />
      {autoplay && file && !isVideo ? (
        <div
          key={file.id}
          className="carousel-slideshow-timer"
          data-testid="slideshow-timer"
          style={{ animationDuration: `${SLIDESHOW_INTERVAL_MS}ms` }}
          aria-hidden="true"
        />
      ) : null}
      <div className="carousel__body">
        <div className="carousel__main">
          {/* One element for the whole stepping, hidden while this file's own layer shows: a
              new element for the last image could miss a frame before it counts as decoded. */}
          {shown && !isVideo ? (
            <img
              className={`carousel-stage__image carousel__backdrop${shown.id === fileId ? ' is-covered' : ''}`}
              src={shown.src}
              alt=""
            />
          ) : null}
          {load === 'missing' ? (
            <div className="carousel__message" role="alert" data-testid="carousel-missing">
              <p>{t('carousel.missing')}</p>
              <Button variant="primary" onClick={leave}>
                {t('carousel.backToPage')}
              </Button>
            </div>
          ) : file ? (
            <CarouselStage
              ref={stage}
              fileKey={file.id}
              aspect={file.aspect}
              originalWidth={detail.data?.width ?? undefined}
              reducedMotion={reducedMotion}
              zoomable={!isVideo}
              onSwipe={step}
              onZoomChange={onZoomChange}
              openFrom={openFrom}
            >
              {isVideo ? (
                <VideoPlayer
                  ref={video}
                  src={source.contentUrl(file.id)}
                  poster={source.thumbnailUrl(file.id, THUMBNAIL_SIZES[1])}
                  status={videoStatus}
                  label={label}
                  autoPlay={autoplay}
                  onEnded={() => {
                    if (autoplay) advance();
                  }}
                />
              ) : (
                <PictureLayers
                  source={source}
                  fileId={file.id}
                  label={label}
                  showOriginal={showOriginal}
                  onShown={onShown}
                />
              )}
            </CarouselStage>
          ) : (
            <div className="carousel__message">
              <Spinner label={t('common.loading')} />
            </div>
          )}
          <Button
            className="carousel__arrow carousel__arrow--previous"
            onClick={() => step(-1)}
            disabled={!previous}
            aria-label={t('carousel.previous')}
            data-testid="carousel-previous"
          >
            ‹
          </Button>
          <Button
            className="carousel__arrow carousel__arrow--next"
            onClick={() => step(1)}
            disabled={!next}
            aria-label={t('carousel.next')}
            data-testid="carousel-next"
          >
            ›
          </Button>
        </div>
        {sideModule && file ? (
          <InfoPanel source={source} file={file} onClose={toggleInfo} show={show} />
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
