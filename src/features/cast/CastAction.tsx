import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { CastItem } from '../../api/contract/cast';
import { CAST_AUTOPLAY_NEXT_ITEMS } from '../../domain/constants';
import { Button } from '../../ui/Button';
import {
  ActionContent,
  CAROUSEL_ACTION_CLASS,
  carouselStore,
  registerCarouselAction,
  type CarouselFile,
} from '../carousel';
import type { CarouselSlotContext, CarouselSource } from '../carousel';
import { castService } from './CastService';
import { PairDialog } from './PairDialog';
import { installCastStrings, useCastTranslation } from './strings';
import { useCastConnection } from './useCastConnection';

const castItem = (jobId: string, file: CarouselFile): CastItem => ({
  jobId,
  fileId: file.id,
  kind: file.kind,
  duration: file.duration,
});

/** The file and the ones after it the TV preloads and autoplays (SPEC §9: 4). */
async function itemsFrom(source: CarouselSource, file: CarouselFile, signal: AbortSignal) {
  const next: CastItem[] = [];
  for (let delta = 1; delta <= CAST_AUTOPLAY_NEXT_ITEMS; delta++) {
    const neighbour = await source.neighbour(file.id, delta, signal).catch(() => null);
    if (!neighbour) break;
    next.push(castItem(source.jobId, neighbour));
  }
  return { item: castItem(source.jobId, file), next };
}

/**
 * The viewer's Cast button. Not casting: it opens the pairing dialog. Casting: the file on screen
 * goes to the TV (stepping in the viewer steps the TV), with the slideshow's autoplay, and the
 * viewer follows the TV when it goes ahead (its autoplay or its remote); pressing it again stops
 * casting (the casting bar is hidden over the viewer, SPEC §2).
 */
export function CastAction({ source, file, show }: CarouselSlotContext) {
  const { t } = useCastTranslation();
  const [pairing, setPairing] = useState(false);
  const connected = useCastConnection((s) => s.status === 'connected');
  const device = useCastConnection((s) => s.deviceName);
  const autoplay = useStore(carouselStore, (s) => s.autoplay);
  const autoplayRef = useRef(autoplay);
  autoplayRef.current = autoplay;

  useEffect(() => {
    carouselStore.getState().setCastingDevice(device);
  }, [device]);

  /** The files sent to the TV after the one on screen: where its autoplay goes next. */
  const ahead = useRef<readonly string[]>([]);
  /** The TV has reported the file on screen since it was sent: only then is it followed. */
  const reached = useRef(false);
  // Forgotten when another file shows, not when the same file comes again as a new object (its
  // details refetched): a reset then, after the TV had been seen showing the file, was never undone
  // (the TV's report did not change), and the viewer stopped following the TV's slideshow.
  useEffect(() => {
    ahead.current = [];
    reached.current = false;
  }, [connected, file.id]);
  useEffect(() => {
    if (!connected) return;
    const abort = new AbortController();
    void itemsFrom(source, file, abort.signal).then(({ item, next }) => {
      if (abort.signal.aborted) return;
      ahead.current = next.map((n) => n.fileId);
      void castService.load(item, next, autoplayRef.current);
    });
    return () => abort.abort();
  }, [connected, source, file]);

  // The TV went ahead (its slideshow, or its remote's right): the viewer shows what it shows.
  // Only a newly reported item among those sent after the file on screen is followed, and only
  // once the TV has shown that file: a report older than the viewer's own step (or than a page
  // opened on another file while casting) never pulls it away.
  const onTv = useCastConnection((s) => (connected ? (s.receiver?.item?.fileId ?? null) : null));
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (onTv !== null && onTv === file.id) {
      reached.current = true;
      followed.current = onTv;
      return;
    }
    if (onTv === followed.current) return;
    followed.current = onTv;
    if (onTv && reached.current && ahead.current.includes(onTv)) show(onTv);
  }, [onTv, file.id, show]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (castService.connected) void castService.setAutoPlay(autoplay);
  }, [autoplay]);

  return (
    <>
      <Button
        className={CAROUSEL_ACTION_CLASS}
        aria-pressed={connected}
        title={connected && device ? t('bar.label', { device }) : undefined}
        onClick={() => (connected ? void castService.stop() : setPairing(true))}
        data-testid="carousel-cast"
      >
        <ActionContent icon="cast" label={connected ? t('bar.stop') : t('action')} />
      </Button>
      {pairing ? <PairDialog onClose={() => setPairing(false)} /> : null}
    </>
  );
}

const SLOT = {
  id: 'cast',
  order: 8,
  render: (context: CarouselSlotContext) => <CastAction {...context} />,
};

/** Puts "Cast" in the viewer's toolbar once the texts are in; returns the undo. */
export async function registerCastAction(): Promise<() => void> {
  await installCastStrings();
  return registerCarouselAction(SLOT);
}
