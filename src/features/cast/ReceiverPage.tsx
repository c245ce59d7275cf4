import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import {
  CAST_EVENTS,
  CastMessageSchema,
  EndedEventSchema,
  PairedEventSchema,
  ReceiverSessionSchema,
  ReceiverStatusSchema,
  type CastItem,
  type CastMessage,
  type ReceiverState,
} from '../../api/contract/cast';
import { SLIDESHOW_INTERVAL_MS } from '../../domain/constants';
import { api } from '../../platform/api';
import { readJson, writeString } from '../../state/persisted';
import { receiverMediaUrl, type StoredReceiver } from './receiverMedia';
import { installCastStrings, useCastTranslation } from './strings';
import './Cast.css';

const StoredReceiverSchema = z.object({ id: z.string(), token: z.string() });

interface Showing {
  /** The loaded item first, then the ones after it (SPEC §9: 4), walked by autoplay and the D-pad. */
  queue: CastItem[];
  index: number;
  autoPlay: boolean;
}

async function newReceiver(): Promise<StoredReceiver> {
  const { data } = await api().request({
    call: callTo(CALLS.castReceiver),
    body: {},
    schema: ReceiverSessionSchema,
  });
  const stored = { id: data.receiver_id, token: data.receiver_token };
  writeString('castReceiver', JSON.stringify(stored));
  return stored;
}

/**
 * The app's own TV receiver (issue 18): a full-screen 10-foot page outside the signed-in shell.
 * It shows a pairing code; once a sender pairs it shows what is cast, photos by the viewer's
 * order (256 first, then 1280) and videos from the content route, the next 4 preloaded and, with
 * autoplay, shown in turn (5 s a photo, a video to its end). Arrow keys walk, Enter plays or
 * pauses. It reports its state after every change and when asked (getReceiverState).
 */
export default function ReceiverPage() {
  const { t } = useCastTranslation();
  const [ready, setReady] = useState(false);
  const [receiver, setReceiver] = useState<StoredReceiver | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [codeExpiresAt, setCodeExpiresAt] = useState(0);
  const [sender, setSender] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [showing, setShowing] = useState<Showing | null>(null);
  const [large, setLarge] = useState(false);
  const [paused, setPaused] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stateRef = useRef({ showing, paused, receiver });
  stateRef.current = { showing, paused, receiver };

  useEffect(() => void installCastStrings().then(() => setReady(true)), []);

  // Who we are: the stored receiver (a reload keeps its pairing), else a new one.
  useEffect(() => {
    const stored = readJson('castReceiver', StoredReceiverSchema);
    if (stored) setReceiver(stored);
    else void newReceiver().then(setReceiver, () => setOffline(true));
  }, []);

  const report = (requestId?: string) => {
    const { showing: now, receiver: me } = stateRef.current;
    if (!me) return;
    const item = now ? now.queue[now.index] : null;
    const video = videoRef.current;
    const isVideo = item?.kind === 'video' && video;
    const finished = Boolean(isVideo && video.ended);
    const state: ReceiverState = {
      type: 'receiverState',
      requestId,
      item: item ? { jobId: item.jobId, fileId: item.fileId, kind: item.kind } : null,
      playerState: !item
        ? 'idle'
        : finished
          ? 'finished'
          : isVideo
            ? video.readyState < 1
              ? 'loading'
              : video.paused
                ? 'paused'
                : 'playing'
            : 'playing',
      currentTime: isVideo ? video.currentTime : 0,
      duration: isVideo && Number.isFinite(video.duration) ? video.duration : 0,
      autoPlay: now?.autoPlay ?? false,
    };
    void api()
      .request({
        call: callTo(CALLS.castReceiverState, { id: me.id }),
        body: { token: me.token, state },
        schema: z.unknown(),
      })
      .catch(() => undefined);
  };

  const onMessage = (message: CastMessage) => {
    const video = videoRef.current;
    switch (message.type) {
      case 'loadSingleItem': {
        // A sender following this TV loads what it already shows: its 1280 stays on screen.
        const now = stateRef.current.showing;
        if (now?.queue[now.index]?.fileId !== message.item.fileId) setLarge(false);
        setPaused(false);
        setShowing({
          queue: [message.item, ...message.next],
          index: 0,
          autoPlay: message.autoPlay,
        });
        return;
      }
      case 'autoPlayChanged':
        setShowing((s) => (s ? { ...s, autoPlay: message.autoPlay } : s));
        return;
      case 'playOrPauseMedia':
        if (video) void (message.play ? video.play().catch(() => undefined) : video.pause());
        setPaused(!message.play);
        return;
      case 'seekVideo':
        if (video) video.currentTime = message.time;
        return;
      case 'getReceiverState':
        report(message.requestId);
        return;
    }
  };
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;

  // The relay's events (SSE; EventSource reconnects by itself with Last-Event-ID).
  useEffect(() => {
    if (!receiver) return;
    const url = api().url({
      call: callTo(CALLS.castReceiverEvents, { id: receiver.id }, { token: receiver.token }),
    });
    const events = new EventSource(url);
    const parse = <T,>(schema: z.ZodType<T>, e: Event) =>
      schema.safeParse(JSON.parse((e as MessageEvent<string>).data));
    events.onopen = () => setOffline(false);
    events.addEventListener(CAST_EVENTS.status, (e) => {
      const status = parse(ReceiverStatusSchema, e);
      if (!status.success) return;
      setCode(status.data.code);
      setCodeExpiresAt(status.data.code_expires_at);
      setSender(status.data.sender_name);
    });
    events.addEventListener(CAST_EVENTS.paired, (e) => {
      const paired = parse(PairedEventSchema, e);
      if (paired.success) setSender(paired.data.sender_name);
    });
    events.addEventListener(CAST_EVENTS.ended, (e) => {
      const ended = parse(EndedEventSchema, e);
      setSender(null);
      setShowing(null);
      if (ended.success && ended.data.code) setCode(ended.data.code);
      if (ended.success && ended.data.code_expires_at) setCodeExpiresAt(ended.data.code_expires_at);
    });
    events.addEventListener(CAST_EVENTS.message, (e) => {
      const message = parse(CastMessageSchema, e);
      if (message.success) onMessageRef.current(message.data);
    });
    events.onerror = () => {
      if (events.readyState !== EventSource.CLOSED) return setOffline(true);
      // Refused (the server forgot this receiver): start over with a new code.
      events.close();
      void newReceiver().then(setReceiver, () => setOffline(true));
    };
    return () => events.close();
  }, [receiver]);

  // A shown code works for minutes (server castHub): a new one replaces it when it expires.
  useEffect(() => {
    if (!receiver || sender || !codeExpiresAt) return;
    const timer = setTimeout(
      () =>
        void api()
          .request({
            call: callTo(CALLS.castReceiverCode, { id: receiver.id }),
            body: { token: receiver.token },
            schema: ReceiverStatusSchema,
          })
          .then(
            ({ data }) => {
              setCode(data.code);
              setCodeExpiresAt(data.code_expires_at);
            },
            () => setOffline(true),
          ),
      Math.max(1000, codeExpiresAt * 1000 - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [receiver, sender, codeExpiresAt]);

  const current = showing ? showing.queue[showing.index] : null;
  const step = (delta: number) =>
    setShowing((s) => {
      if (!s) return s;
      const index = Math.min(s.queue.length - 1, Math.max(0, s.index + delta));
      if (index !== s.index) setLarge(false);
      return { ...s, index };
    });

  // Report every change of what is shown.
  useEffect(() => {
    if (receiver) report();
  }, [current?.fileId, showing?.autoPlay, receiver]);

  // SPEC §9 / §4 Carousel: autoplay shows a photo 5 s, a video to its end.
  useEffect(() => {
    if (!showing?.autoPlay || !current || current.kind === 'video') return;
    if (showing.index >= showing.queue.length - 1) return;
    const timer = setTimeout(() => step(1), SLIDESHOW_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [showing, current]);

  // D-pad: ←/→ walk, Enter plays or pauses a video.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') step(1);
      else if (event.key === 'ArrowLeft') step(-1);
      else if (event.key === 'Enter' || event.key === ' ') {
        const video = videoRef.current;
        if (!video) return;
        if (video.paused) void video.play().catch(() => undefined);
        else video.pause();
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!ready) return null;
  const me = receiver;
  return (
    <main className="cast-receiver" data-testid="cast-receiver">
      {offline ? <p className="cast-receiver__notice">{t('receiver.offline')}</p> : null}
      {!me || !code ? (
        <p className="cast-receiver__hint">{t('receiver.starting')}</p>
      ) : !sender ? (
        <section className="cast-receiver__pair">
          <h1>{t('receiver.title')}</h1>
          <p className="cast-receiver__hint">{t('receiver.instructions')}</p>
          <p className="cast-receiver__code" data-testid="cast-code" aria-live="polite">
            {code}
          </p>
        </section>
      ) : !current ? (
        <section className="cast-receiver__pair">
          <h1 data-testid="cast-connected">{t('receiver.connected', { name: sender })}</h1>
          <p className="cast-receiver__hint">{t('receiver.waiting')}</p>
        </section>
      ) : (
        <section
          className="cast-receiver__stage"
          data-testid="cast-stage"
          data-file-id={current.fileId}
          data-autoplay={showing?.autoPlay ? '1' : '0'}
          data-paused={paused ? '1' : '0'}
        >
          {current.kind === 'video' ? (
            <video
              key={current.fileId}
              ref={videoRef}
              className="cast-receiver__media"
              src={receiverMediaUrl(me, current, 'content')}
              poster={receiverMediaUrl(me, current, { thumbnail: 1280 })}
              autoPlay={!paused}
              playsInline
              onPlay={() => report()}
              onPause={() => report()}
              onSeeked={() => report()}
              onLoadedMetadata={() => report()}
              onEnded={() => {
                report();
                if (showing?.autoPlay) step(1);
              }}
              data-testid="cast-video"
            />
          ) : (
            <img
              key={current.fileId}
              className="cast-receiver__media"
              alt=""
              src={receiverMediaUrl(me, current, { thumbnail: large ? 1280 : 256 })}
              onLoad={() => setLarge(true)}
              data-testid="cast-photo"
            />
          )}
          {/* The next items, fetched ahead (SPEC §9). */}
          {showing?.queue.slice(showing.index + 1).map((item) => (
            <link
              key={item.fileId}
              rel="preload"
              as="image"
              href={receiverMediaUrl(me, item, { thumbnail: 1280 })}
            />
          ))}
          <p className="cast-receiver__position">
            {t('receiver.position', {
              index: (showing?.index ?? 0) + 1,
              total: showing?.queue.length ?? 1,
            })}
            {showing?.autoPlay ? ` · ${t('receiver.slideshow')}` : ''}
          </p>
        </section>
      )}
    </main>
  );
}
