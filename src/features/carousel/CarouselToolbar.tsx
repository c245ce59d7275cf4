import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHeicPath } from '../../domain/downloads';
import { useBreakpoint } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { ActionContent, CAROUSEL_ACTION_CLASS } from './ActionContent';
import { CarouselMore } from './CarouselMore';
import { canCopyImages } from './clipboard';
import { useCarouselActions } from './slots';
import type { CarouselActionPlacement, CarouselFile, CarouselSource } from './types';
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

/** One toolbar entry and where it sits. */
interface Entry {
  key: string;
  placement: CarouselActionPlacement;
  node: ReactNode;
}

/** The entries of the bar and of the More menu for a phone or a wider screen. */
export function placeEntries<T extends { placement: CarouselActionPlacement }>(
  entries: readonly T[],
  phone: boolean,
): { bar: T[]; menu: T[] } {
  const inBar = (entry: T) => entry.placement === 'bar' || (entry.placement === 'wide' && !phone);
  return { bar: entries.filter(inBar), menu: entries.filter((entry) => !inBar(entry)) };
}

/**
 * The viewer's top bar: close, where the user is ("3 of 1,204", announced), and the actions the
 * SPEC §6 rules allow for this file and page, then those other features add. One row of icons
 * at every width (issue 34.5): what does not fit, and what only some files offer (copy, export,
 * edit), is in the More menu, so the bar's buttons stay where they are from file to file. On a
 * TV the remote's left and right move between the buttons (up reaches them, down leaves them). A
 * busy button says so (aria-disabled) rather than turning disabled, which would drop the
 * keyboard focus to the page.
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
  const phone = useBreakpoint() === 'mobile';
  const slots = useCarouselActions();
  const { capabilities } = source;
  const picture = file !== null && file.kind !== 'video';
  const heic = file?.path !== undefined && isHeicPath(file.path);
  const cover = file ? capabilities.setCover : undefined;

  const action = (
    key: string,
    placement: CarouselActionPlacement,
    node: ReactNode | false | null | undefined,
  ): Entry[] => (node ? [{ key, placement, node }] : []);
  const entries: Entry[] = [
    ...(file
      ? slots.map((slot) => ({
          key: slot.id,
          placement: slot.placement ?? 'menu',
          node: slot.render({ source, file, show: commands.show }),
        }))
      : []),
    ...action(
      'download',
      'wide',
      capabilities.download && file && (
        <Button
          className={CAROUSEL_ACTION_CLASS}
          title={t('carousel.actions.download')}
          onClick={commands.download}
          data-testid="carousel-download"
        >
          <ActionContent icon="download" label={t('carousel.actions.download')} />
        </Button>
      ),
    ),
    ...action(
      'delete',
      'wide',
      capabilities.deleteFiles && file && (
        <Button
          className={CAROUSEL_ACTION_CLASS}
          title={t('carousel.actions.delete')}
          onClick={commands.remove}
          aria-disabled={busy.delete}
          data-testid="carousel-delete"
        >
          <ActionContent icon="delete" label={t('carousel.actions.delete')} />
        </Button>
      ),
    ),
    ...action(
      'slideshow',
      'wide',
      <Button
        className={CAROUSEL_ACTION_CLASS}
        title={slideshow ? t('carousel.actions.pauseSlideshow') : t('carousel.actions.slideshow')}
        onClick={commands.toggleSlideshow}
        aria-pressed={slideshow}
        data-testid="carousel-slideshow"
      >
        <ActionContent
          icon={slideshow ? 'pause' : 'play'}
          label={slideshow ? t('carousel.actions.pauseSlideshow') : t('carousel.actions.slideshow')}
        />
      </Button>,
    ),
    ...action(
      'info',
      'bar',
      <Button
        className={CAROUSEL_ACTION_CLASS}
        title={t('carousel.actions.info')}
        onClick={commands.toggleInfo}
        aria-pressed={infoOpen}
        data-testid="carousel-info-toggle"
      >
        <ActionContent icon="info" label={t('carousel.actions.info')} />
      </Button>,
    ),
    ...action(
      'copy',
      'menu',
      picture && canCopyImages() && (
        <Button
          className={CAROUSEL_ACTION_CLASS}
          onClick={commands.copy}
          aria-disabled={busy.copy}
          data-testid="carousel-copy"
        >
          <ActionContent icon="copy" label={t('carousel.actions.copy')} />
        </Button>
      ),
    ),
    ...action(
      'exportJpeg',
      'menu',
      capabilities.download && capabilities.exportJpeg !== false && heic && (
        <Button
          className={CAROUSEL_ACTION_CLASS}
          onClick={commands.exportJpeg}
          data-testid="carousel-export-jpeg"
        >
          <ActionContent icon="export" label={t('carousel.actions.exportJpeg')} />
        </Button>
      ),
    ),
    ...action(
      'setCover',
      'menu',
      cover && file && (cover.offered?.(file.id) ?? true) && (
        <Button
          className={CAROUSEL_ACTION_CLASS}
          onClick={commands.setCover}
          disabled={!cover.allowed(file.id)}
          aria-disabled={busy.cover}
          data-testid="carousel-set-cover"
        >
          <ActionContent icon="cover" label={t('carousel.actions.setCover')} />
        </Button>
      ),
    ),
    ...action(
      'fullscreen',
      'menu',
      <Button
        className={CAROUSEL_ACTION_CLASS}
        onClick={commands.toggleFullscreen}
        aria-pressed={fullscreen}
        data-testid="carousel-fullscreen"
      >
        <ActionContent
          icon={fullscreen ? 'exitFullscreen' : 'fullscreen'}
          label={
            fullscreen ? t('carousel.actions.exitFullscreen') : t('carousel.actions.fullscreen')
          }
        />
      </Button>,
    ),
  ];
  const { bar, menu } = placeEntries(entries, phone);

  return (
    <div
      className="carousel-toolbar"
      role="toolbar"
      aria-label={t('carousel.toolbar')}
      onKeyDown={(event) => {
        if (!tv || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
        const buttons = toolbarButtons(event.currentTarget);
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        if (at < 0) return;
        event.preventDefault();
        event.stopPropagation();
        const next = (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
        buttons[next].focus();
      }}
    >
      <Button
        className={CAROUSEL_ACTION_CLASS}
        onClick={commands.close}
        aria-label={t('carousel.close')}
        title={t('carousel.close')}
        data-testid="carousel-close"
      >
        <ActionContent icon="close" label={t('carousel.close')} />
      </Button>
      <p className="carousel-toolbar__counter" aria-live="polite" data-testid="carousel-counter">
        {counter}
      </p>
      <div className="carousel-toolbar__actions">
        {bar.map((entry) => (
          <span key={entry.key} className="carousel-toolbar__slot">
            {entry.node}
          </span>
        ))}
        <CarouselMore label={t('carousel.actions.more')}>
          {menu.map((entry) => (
            <span key={entry.key} className="carousel-toolbar__slot">
              {entry.node}
            </span>
          ))}
        </CarouselMore>
      </div>
    </div>
  );
}

/** The toolbar's buttons a remote can reach: not those of the closed More menu. */
export function toolbarButtons(toolbar: Element): HTMLButtonElement[] {
  return [...toolbar.querySelectorAll<HTMLButtonElement>('button:not([disabled])')].filter(
    (button) => !button.closest('.carousel-more__panel:not(.is-open), dialog, [popover]'),
  );
}
