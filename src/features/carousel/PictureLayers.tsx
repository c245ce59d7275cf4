import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackUnsupportedMedia } from '../../platform/analytics';
import type { CarouselSource } from './types';
import './Carousel.css';

interface PictureLayersProps {
  source: CarouselSource;
  fileId: string;
  label: string;
  /** Zoomed past the 1280 thumbnail: the original is loaded on top. */
  showOriginal: boolean;
  /** A layer of this file is decoded and on screen (the backdrop of the last file can go). */
  onShown: (fileId: string, src: string) => void;
}

type Layer = 'large' | 'original';

/**
 * A photo in three layers, each covering the one below once decoded: the grid's 256 thumbnail
 * (first pixels, from the HTTP cache), the 1280 thumbnail, and the original when zoomed in.
 * SPEC §8 "Image load failure … shows "something went wrong" and tracks an unsupported-media
 * event": the 1280 failing says so over the stage (never a blank screen); the original failing
 * is tracked too, and the 1280 stays on screen.
 */
export function PictureLayers({
  source,
  fileId,
  label,
  showOriginal,
  onShown,
}: PictureLayersProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ id: string; large: boolean; original: boolean }>({
    id: '',
    large: false,
    original: false,
  });
  const mine = loaded.id === fileId ? loaded : { id: fileId, large: false, original: false };
  const [failed, setFailed] = useState<{ id: string; layers: readonly Layer[] }>({
    id: '',
    layers: [],
  });
  const failedHere = failed.id === fileId ? failed.layers : [];
  const fail = (layer: Layer) => {
    if (failedHere.includes(layer)) return;
    setFailed({ id: fileId, layers: [...failedHere, layer] });
    trackUnsupportedMedia({ layer });
  };
  const small = source.thumbnailUrl(fileId, 256);
  const large = source.thumbnailUrl(fileId, 1280);
  const original = source.contentUrl(fileId);
  return (
    <>
      <img
        className="carousel-stage__image"
        src={small}
        alt=""
        draggable={false}
        onLoad={() => onShown(fileId, small)}
      />
      <img
        className={`carousel-stage__image carousel-stage__large${mine.large ? ' is-loaded' : ''}`}
        src={large}
        alt={label}
        draggable={false}
        data-testid="carousel-image"
        // A neighbour decoded ahead is complete at once: shown without waiting for its event.
        ref={(element) => {
          if (element?.complete && element.naturalWidth > 0 && !mine.large) {
            queueMicrotask(() => setLoaded({ id: fileId, large: true, original: mine.original }));
          }
        }}
        onLoad={() => {
          setLoaded({ ...mine, large: true });
          onShown(fileId, large);
        }}
        onError={() => fail('large')}
      />
      {failedHere.includes('large') ? (
        <div
          className="carousel__message carousel__message--over"
          role="alert"
          data-testid="carousel-image-failed"
        >
          <p>{t('errors.somethingWentWrong')}</p>
        </div>
      ) : null}
      {showOriginal ? (
        <img
          className={`carousel-stage__image carousel-stage__large carousel-stage__original${mine.original ? ' is-loaded' : ''}`}
          src={original}
          alt=""
          draggable={false}
          data-testid="carousel-original"
          onLoad={() => setLoaded({ ...mine, original: true })}
          onError={() => fail('original')}
        />
      ) : null}
    </>
  );
}
