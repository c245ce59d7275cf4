import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { fileName } from '../../domain/classify';
import { usePrefersReducedMotion } from '../../gallery';
import { SLIDESHOW_INTERVAL_MS } from '../../domain/constants';
import { trackEngaged } from '../../platform/analytics';
import { useShortcutGroup } from '../../platform/shortcuts';
import { useBreakpoint } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { carouselStore } from './carouselStore';
import { CAROUSEL_SHORTCUTS, isTyping } from './carouselKeys';
import { CarouselToolbar } from './CarouselToolbar';
import { CarouselStage, type StageHandle } from './CarouselStage';
import { fileDetailQuery } from './fileQueries';
import { InfoPanel } from './InfoPanel';
import { PictureLayers } from './PictureLayers';
import type { CarouselSource } from './types';
import { useCarouselCommands } from './useCarouselCommands';
import { useCarouselFile } from './useCarouselFile';
import { useFullscreen, useMediaSession, useWakeLock } from './useBrowserApis';
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
  const tv = useBreakpoint() === 'tv';
  const reducedMotion = usePrefersReducedMotion();
  const { file, position, previous, next, load, neighboursKnown } = useCarouselFile(source, fileId);
  const sideModule = useStore(carouselStore, (s) => s.sideModule);
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

  /** A manual step: the slideshow stops (SPEC §4 "stops on any manual step"). */
  const step = useCallback(
    (direction: 1 | -1) => {
      const target = direction > 0 ? next : previous;
      if (target) return go(target.id, false);
      // Stepped again before the neighbours were known: ask for the one wanted.
      if (!neighboursKnown) {
        void source.neighbour(fileId, direction, new AbortController().signal).then(
          (found) => found && go(found.id, false),
          () => undefined,
        );
      }
      return undefined;
    },
    [next, previous, go, neighboursKnown, source, fileId],
  );

  // The slideshow's step reads the neighbours when it fires, so their arrival does not restart
  // the 5 s of the file on screen; one due before they are known waits for them.
  const around = useRef({ next, previous, neighboursKnown });
  const [advanceDue, setAdvanceDue] = useState<string | null>(null);
  useLayoutEffect(() => {
    around.current = { next, previous, neighboursKnown };
  });
  const advance = useCallback(() => {
    const { next: after, previous: before, neighboursKnown: known } = around.current;
    if (!known) return setAdvanceDue(fileId);
    const target = carouselStore.getState().playbackOrder === 'forward' ? after : before;
    // The end of the list ends the slideshow on the last file.
    go(target?.id ?? fileId, target !== null);
    return undefined;
  }, [go, fileId]);
  useEffect(() => {
    if (advanceDue === null) return;
    // A manual step or a stop in between cancels the due advance (SPEC §4 "stops on any manual
    // step"): only a still-running slideshow on the same file moves on.
    if (!autoplay || advanceDue !== fileId) setAdvanceDue(null);
    else if (neighboursKnown) {
      setAdvanceDue(null);
      advance();
    }
  }, [advanceDue, fileId, neighboursKnown, advance, autoplay]);

  // SPEC §9 slideshow: 5000 ms a photo; a video plays through and moves on when it ends.
  const showing = load === 'ready' && file !== null;
  useEffect(() => {
    if (!autoplay || !showing || isVideo) return undefined;
    const timer = setTimeout(advance, SLIDESHOW_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [autoplay, showing, isVideo, advance]);

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

  const toggleInfo = useCallback(
    () => carouselStore.getState().setSideModule(!carouselStore.getState().sideModule),
    [],
  );

  useMediaSession(file, {
    title: file ? fileName(file.path ?? detail.data?.path ?? '') : '',
    onNext: next ? () => step(1) : undefined,
    onPrevious: previous ? () => step(-1) : undefined,
    onPlayPause: isVideo ? () => video.current?.togglePlay() : undefined,
  });

  // The viewer is modal: its keys work wherever the focus is (a toast's button, the page after a
  // button went away), except in text fields. Registered once; it reads the latest handler.
  const keyHandler = useRef<(event: globalThis.KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  // Focus moves into the viewer when it opens and back to the page when it closes.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    root.current?.focus();
    return () => before?.focus?.();
  }, []);

  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    if (isTyping(event.target) || event.altKey || event.defaultPrevented) return;
    // A confirmation over the viewer (delete) has the keys to itself.
    if (document.querySelector('dialog[open]')) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key;
    const handled = ((): boolean => {
      if (key === 'Escape') return (close(), true);
      if (key === 'Tab') return (trapFocus(event), false);
      if (ctrl) return false;
      if (key === 'ArrowRight') return (step(1), true);
      if (key === 'ArrowLeft') return (step(-1), true);
      if (key === 'ArrowUp' && tv) return (focusToolbar(), true);
      if (key === 'ArrowDown' && tv) return (root.current?.focus(), true);
      if (key === 'i' || key === 'I') return (toggleInfo(), true);
      if (key === 'f' || key === 'F') return (void toggleFullscreen(), true);
      if (key === '+' || key === '=') return (stage.current?.zoomBy(1), true);
      if (key === '-') return (stage.current?.zoomBy(-1), true);
      if (key === '0') return (stage.current?.reset(), true);
      if (key === 'Delete') return (void commands.remove(), true);
      if (isVideo && (key === ' ' || key === 'k' || key === 'K')) {
        return (video.current?.togglePlay(), true);
      }
      if (isVideo && (key === 'j' || key === 'J')) return (video.current?.seekBy(-10), true);
      if (isVideo && (key === 'l' || key === 'L')) return (video.current?.seekBy(10), true);
      return false;
    })();
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  // In the commit, before the browser can deliver the next key: a key pressed right after a step
  // must see this file's neighbours, not the last file's (a stale handler stepped to the file
  // already shown).
  useLayoutEffect(() => {
    keyHandler.current = onKeyDown;
  });

  const focusToolbar = () =>
    root.current?.querySelector<HTMLButtonElement>('.carousel-toolbar button')?.focus();

  const trapFocus = (event: globalThis.KeyboardEvent) => {
    const focusable = [
      ...(root.current?.querySelectorAll<HTMLElement>(
        'button:not([disabled]), [href], video, input, textarea, [tabindex="0"]',
      ) ?? []),
    ];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === root.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

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
      className={`carousel${tv ? ' carousel--tv' : ''}${sideModule ? ' carousel--info' : ''}`}
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
                  poster={source.thumbnailUrl(file.id, 1280)}
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
