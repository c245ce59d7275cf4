import { useTranslation } from 'react-i18next';
import { isHeicPath } from '../../domain/downloads';
import { Button } from '../../ui/Button';
import { canCopyImages } from './clipboard';
import { useCarouselActions } from './slots';
import type { CarouselFile, CarouselSource } from './types';
import './Carousel.css';

export interface ToolbarCommands {
  close: () => void;
  toggleInfo: () => void;
  toggleSlideshow: () => void;
  toggleFullscreen: () => void;
  download: () => void;
  exportJpeg: () => void;
  copy: () => void;
  remove: () => void;
  setCover: () => void;
  /** Shows another file of the source (the slots' `show`). */
  show: (fileId: string) => void;
}

interface CarouselToolbarProps {
  source: CarouselSource;
  file: CarouselFile | null;
  counter: string;
  infoOpen: boolean;
  slideshow: boolean;
  fullscreen: boolean;
  busy: { delete: boolean; copy: boolean; cover: boolean };
  commands: ToolbarCommands;
  /** TV: the remote's left and right move between the buttons (elsewhere they step files). */
  tv: boolean;
}

/**
 * The viewer's top bar: close, where the user is ("3 of 1,204", announced), and the actions the
 * SPEC §6 rules allow for this file and page, then those other features add. On a TV the
 * remote's left and right move between the buttons (up reaches them, down leaves them). A busy button says so (aria-disabled) rather than
 * turning disabled, which would drop the keyboard focus to the page.
 */
export function CarouselToolbar({
  source,
  file,
  counter,
  infoOpen,
  slideshow,
  fullscreen,
  busy,
  commands,
  tv,
}: CarouselToolbarProps) {
  const { t } = useTranslation();
  const slots = useCarouselActions();
  const { capabilities } = source;
  const picture = file !== null && file.kind !== 'video';
  const heic = file?.path !== undefined && isHeicPath(file.path);
  const cover = file ? capabilities.setCover : undefined;

  return (
    <div
      className="carousel-toolbar"
      role="toolbar"
      aria-label={t('carousel.toolbar')}
      onKeyDown={(event) => {
        if (!tv || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
        const buttons = [
          ...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not([disabled])'),
        ];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        if (at < 0) return;
        event.preventDefault();
        event.stopPropagation();
        const next = (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
        buttons[next].focus();
      }}
    >
      <Button
        onClick={commands.close}
        aria-label={t('carousel.close')}
        data-testid="carousel-close"
      >
        ×
      </Button>
      <p className="carousel-toolbar__counter" aria-live="polite" data-testid="carousel-counter">
        {counter}
      </p>
      <div className="carousel-toolbar__actions">
        {file
          ? slots.map((slot) => (
              <span key={slot.id}>{slot.render({ source, file, show: commands.show })}</span>
            ))
          : null}
        {picture && canCopyImages() ? (
          <Button onClick={commands.copy} aria-disabled={busy.copy} data-testid="carousel-copy">
            {t('carousel.actions.copy')}
          </Button>
        ) : null}
        {capabilities.download && file ? (
          <Button onClick={commands.download} data-testid="carousel-download">
            {t('carousel.actions.download')}
          </Button>
        ) : null}
        {capabilities.download && capabilities.exportJpeg !== false && heic ? (
          <Button onClick={commands.exportJpeg} data-testid="carousel-export-jpeg">
            {t('carousel.actions.exportJpeg')}
          </Button>
        ) : null}
        {cover && file && (cover.offered?.(file.id) ?? true) ? (
          <Button
            onClick={commands.setCover}
            disabled={!cover.allowed(file.id)}
            aria-disabled={busy.cover}
            data-testid="carousel-set-cover"
          >
            {t('carousel.actions.setCover')}
          </Button>
        ) : null}
        {capabilities.deleteFiles && file ? (
          <Button
            onClick={commands.remove}
            aria-disabled={busy.delete}
            data-testid="carousel-delete"
          >
            {t('carousel.actions.delete')}
          </Button>
        ) : null}
        <Button
          onClick={commands.toggleSlideshow}
          aria-pressed={slideshow}
          data-testid="carousel-slideshow"
        >
          {slideshow ? t('carousel.actions.pauseSlideshow') : t('carousel.actions.slideshow')}
        </Button>
        <Button
          onClick={commands.toggleFullscreen}
          aria-pressed={fullscreen}
          data-testid="carousel-fullscreen"
        >
          {fullscreen ? t('carousel.actions.exitFullscreen') : t('carousel.actions.fullscreen')}
        </Button>
        <Button
          onClick={commands.toggleInfo}
          aria-pressed={infoOpen}
          data-testid="carousel-info-toggle"
        >
          {t('carousel.actions.info')}
        </Button>
      </div>
    </div>
  );
}
