import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { FileDetail } from '../../api/contract/media';
import { actionFailure } from '../../api/errors';
import { api } from '../../platform/api';
import { linkRequestOptions } from '../../platform/linkAccess';
import { useLoginStatus } from '../../state/session';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { startLogin } from '../auth';
import {
  ActionContent,
  CAROUSEL_ACTION_CLASS,
  fileDetailQuery,
  registerCarouselAction,
  type CarouselSlotContext,
} from '../carousel';
import './CarouselLove.css';

const LovesSchema = z.object({ count: z.number().int().nonnegative(), loved: z.boolean() });
type Loves = z.infer<typeof LovesSchema>;

/** SPEC §4 Reaction: the button animates and ignores clicks meanwhile. */
const ANIMATION_MS = 400;
/** SPEC §9: a visitor's love waits in session storage for the login, then is replayed. */
const PENDING_LOVE = 'pendingLove';

function readPending(): { jobId: string; fileId: string } | null {
  try {
    const parsed = z
      .object({ jobId: z.string(), fileId: z.string() })
      .safeParse(JSON.parse(sessionStorage.getItem(PENDING_LOVE) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** SPEC §9 love text: you; you and one; you and N others; one person; N people. */
type LoveKey =
  | 'albums.love.you'
  | 'albums.love.youAndOne'
  | 'albums.love.youAndOthers'
  | 'albums.love.none'
  | 'albums.love.onePerson'
  | 'albums.love.people';

export function loveTextKey(loves: Loves): { key: LoveKey; count: number } {
  if (loves.loved) {
    if (loves.count <= 1) return { key: 'albums.love.you', count: 1 };
    if (loves.count === 2) return { key: 'albums.love.youAndOne', count: 1 };
    return { key: 'albums.love.youAndOthers', count: loves.count - 1 };
  }
  if (loves.count === 0) return { key: 'albums.love.none', count: 0 };
  if (loves.count === 1) return { key: 'albums.love.onePerson', count: 1 };
  return { key: 'albums.love.people', count: loves.count };
}

async function sendLove(jobId: string, fileId: string, love: boolean): Promise<Loves> {
  const { data } = await api().request({
    call: callTo(love ? CALLS.react : CALLS.unreact, { id: jobId, fileId }),
    ...(love ? { body: { reaction: 'love' } } : {}),
    schema: LovesSchema,
    ...linkRequestOptions(jobId),
  });
  return data;
}

/** The viewer's love button on an album's file: optimistic, reverted with a message on failure. */
function LoveAction({ source, file }: CarouselSlotContext) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const signedIn = useLoginStatus() === 'AUTHENTICATED';
  const query = fileDetailQuery(source.jobId, file.id);
  const loves = useQuery(query).data?.loves;
  const [animating, setAnimating] = useState(false);
  const replayed = useRef(false);

  const put = (next: Loves) =>
    client.setQueryData<FileDetail>(query.queryKey, (old) => (old ? { ...old, loves: next } : old));

  async function toggle(current: Loves) {
    const love = !current.loved;
    put({ count: Math.max(0, current.count + (love ? 1 : -1)), loved: love });
    setAnimating(true);
    window.setTimeout(() => setAnimating(false), ANIMATION_MS);
    try {
      put(await sendLove(source.jobId, file.id, love));
    } catch (error) {
      put(current);
      showToast({ kind: 'error', message: actionFailure(error, { key: 'albums.love.failed' }) });
    }
  }

  function onClick() {
    if (animating || !loves) return;
    if (!signedIn) {
      // Loving needs an account: kept until the login comes back here, then replayed.
      try {
        sessionStorage.setItem(
          PENDING_LOVE,
          JSON.stringify({ jobId: source.jobId, fileId: file.id }),
        );
      } catch {
        // Without storage the love is asked again after the login.
      }
      void startLogin();
      return;
    }
    void toggle(loves);
  }

  // A love given before the login: replayed once, on its file.
  useEffect(() => {
    if (!signedIn || !loves || replayed.current) return;
    const pending = readPending();
    if (pending?.jobId !== source.jobId || pending.fileId !== file.id) return;
    replayed.current = true;
    sessionStorage.removeItem(PENDING_LOVE);
    if (!loves.loved) void toggle(loves);
    // toggle reads the latest loves; it is stable enough for this one replay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, loves, source.jobId, file.id]);

  if (!loves) return null;
  const text = loveTextKey(loves);
  const label = t(text.key, { count: text.count });
  // The bar shows the heart and how many love it; the sentence is its name and tooltip.
  const count = new Intl.NumberFormat(i18n.language.replace(/_/g, '-')).format(loves.count);
  return (
    <Button
      onClick={onClick}
      aria-pressed={loves.loved}
      title={label}
      className={`${CAROUSEL_ACTION_CLASS} carousel-love${animating ? ' is-animating' : ''}`}
      data-testid="carousel-love"
      data-loved={loves.loved}
    >
      <ActionContent
        icon="heart"
        filled={loves.loved}
        label={label}
        extra={
          loves.count > 0 ? (
            <span className="carousel-action__count" aria-hidden="true">
              {count}
            </span>
          ) : null
        }
      />
    </Button>
  );
}

const SLOT = {
  id: 'love',
  order: 2,
  placement: 'bar' as const,
  render: (context: CarouselSlotContext) => <LoveAction {...context} />,
};

/** Puts "love" in the viewer's toolbar (album pages only); returns the undo. */
export function registerLoveAction(): () => void {
  return registerCarouselAction(SLOT);
}
