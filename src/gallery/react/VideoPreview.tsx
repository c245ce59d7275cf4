import { useEffect, useRef } from 'react';
import { VIDEO_PREVIEW_HOVER_MS } from '../../domain/constants';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { FILE_KIND } from '../engine/timeline/TimelineSource';
import { loadPreviewSource, type PreviewSource } from './videoPreview';
import './GalleryView.css';

/**
 * SPEC §9: after 300 ms of hover over a video tile, a muted preview plays over it, from the
 * first 5,000,000 bytes of the file (videoPreview.ts). Follows the tile while it scrolls; stops
 * when the pointer leaves it.
 */
export function VideoPreview({
  engine,
  videoUrl,
}: {
  engine: GalleryEngine;
  videoUrl: (fileId: string) => string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const hovered = { section: -1, item: -1 };
    const playing = { section: -1, item: -1 };
    const rect = { x: 0, y: 0, w: 0, h: 0 };
    let timer = -1;
    let controller: AbortController | null = null;
    let source: PreviewSource | null = null;

    const place = () => {
      if (!engine.actions.tileRect(playing.section, playing.item, rect)) return;
      video.style.transform = `translate3d(${rect.x}px, ${rect.y}px, 0)`;
      video.style.width = `${rect.w}px`;
      video.style.height = `${rect.h}px`;
    };
    const stop = () => {
      window.clearTimeout(timer);
      timer = -1;
      controller?.abort();
      controller = null;
      playing.section = -1;
      if (source) {
        video.pause();
        video.removeAttribute('src');
        video.load();
        source.release();
        source = null;
      }
      video.hidden = true;
    };
    const start = async (section: number, item: number) => {
      const id = engine.timeline.fileId(section, item);
      if (!id) return;
      const current = new AbortController();
      controller = current;
      playing.section = section;
      playing.item = item;
      let loaded: PreviewSource;
      try {
        loaded = await loadPreviewSource(videoUrl(id), current.signal);
      } catch {
        return;
      }
      if (controller !== current) {
        loaded.release();
        return;
      }
      source = loaded;
      video.src = loaded.src;
      video.dataset.source = loaded.direct ? 'direct' : 'range';
      place();
      // Shown once it plays: a file that cannot play (not encoded yet, gone) shows nothing.
      video.play().catch(() => undefined);
    };
    const onPlaying = () => {
      if (source) video.hidden = false;
    };
    const failed = () => {
      video.hidden = true;
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('error', failed);
    const update = () => {
      const hover = engine.composer.hover;
      if (hover.section !== hovered.section || hover.item !== hovered.item) {
        hovered.section = hover.section;
        hovered.item = hover.item;
        stop();
        const files = engine.timeline.sections[hover.section]?.files;
        if (hover.section >= 0 && files?.kinds[hover.item] === FILE_KIND.video) {
          const { section, item } = hover;
          timer = window.setTimeout(() => void start(section, item), VIDEO_PREVIEW_HOVER_MS);
        }
      }
      if (playing.section >= 0) place();
    };
    const off = engine.onFrame(update);
    return () => {
      off();
      stop();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('error', failed);
    };
  }, [engine, videoUrl]);

  return (
    <video
      ref={videoRef}
      className="gallery-preview"
      data-testid="gallery-video-preview"
      muted
      loop
      playsInline
      hidden
      aria-hidden="true"
      tabIndex={-1}
    />
  );
}
