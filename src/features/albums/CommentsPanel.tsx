import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { heldLinkPassword } from '../../platform/linkAccess';
import { useBreakpoint } from '../../state/viewport';
import { Button, buttonClass } from '../../ui/Button';
import {
  ActionContent,
  CAROUSEL_ACTION_CLASS,
  carouselStore,
  registerCarouselAction,
  registerCarouselPanel,
  type CarouselSlotContext,
} from '../carousel';
import { Comments } from './comments/Comments';
import { commentsQuery } from './comments/commentsApi';
import { visitorAlbumQuery } from './visitorApi';

/** SPEC §2 `/comments/{jobId}/{fileId}`: the phones' full-screen comments of a file. */
export const commentsRoute = (jobId: string, fileId: string) =>
  `/comments/${encodeURIComponent(jobId)}/${encodeURIComponent(fileId)}`;

/** Where the comments page's back button returns: the viewer the link was followed from. */
export interface CommentsLocationState {
  from: string;
}

/** The link to a file's comments page, whose back button returns to where the person is now. */
function useCommentsLink(
  jobId: string,
  fileId: string,
): { to: string; state: CommentsLocationState } {
  const location = useLocation();
  return {
    to: commentsRoute(jobId, fileId),
    state: { from: `${location.pathname}${location.search}${location.hash}` },
  };
}

/** On phones: "Comments (3)", to the full-screen panel, from the viewer's toolbar or side module. */
function CommentsLink({ source, file }: CarouselSlotContext) {
  const { t } = useTranslation();
  const link = useCommentsLink(source.jobId, file.id);
  const count = useQuery(commentsQuery(source.jobId, file.id)).data?.length;
  return (
    <Link {...link} className={buttonClass('secondary')} data-testid="carousel-comments-link">
      {count === undefined ? t('albums.comments.title') : t('albums.comments.open', { count })}
    </Link>
  );
}

/**
 * The side module's comments on a computer or tablet; on a phone the side module is the whole
 * screen already, so it links to the comments' own page (SPEC §2), which a phone's Back leaves.
 * Asked for by the toolbar's comments button, it comes into view with the focus in its form.
 */
function CommentsPart(context: CarouselSlotContext) {
  const mobile = useBreakpoint() === 'mobile';
  const asked = useStore(carouselStore, (s) => s.sidePart === 'comments');
  const part = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!asked || !part.current) return;
    part.current.scrollIntoView({ block: 'start' });
    part.current.querySelector<HTMLElement>('textarea, input, button')?.focus();
    carouselStore.getState().sidePartShown();
  }, [asked]);
  if (mobile) return <CommentsLink {...context} />;
  return (
    <div ref={part}>
      <Comments
        // One list per file: a draft or an edit never follows the viewer to the next file.
        key={`${context.source.jobId}/${context.file.id}`}
        jobId={context.source.jobId}
        fileId={context.file.id}
        truncate={false}
        mobile={false}
      />
    </div>
  );
}

/**
 * The toolbar's comments button (issue 34.9: comments were only inside Info), where the album
 * allows comments: on a phone to the comments' own page, elsewhere to the side module's
 * comments. It shows how many there are.
 */
function ToolbarComments({ source, file }: CarouselSlotContext) {
  const { t, i18n } = useTranslation();
  const link = useCommentsLink(source.jobId, file.id);
  const mobile = useBreakpoint() === 'mobile';
  const album = useQuery(visitorAlbumQuery(source.jobId, heldLinkPassword(source.jobId))).data;
  const count = useQuery(commentsQuery(source.jobId, file.id)).data?.length;
  if (!album || (album.permissions & 1) === 0) return null;
  const label =
    count === undefined ? t('albums.comments.title') : t('albums.comments.open', { count });
  const content = (
    <ActionContent
      icon="comment"
      label={label}
      extra={
        count ? (
          <span className="carousel-action__count" aria-hidden="true">
            {new Intl.NumberFormat(i18n.language.replace(/_/g, '-')).format(count)}
          </span>
        ) : null
      }
    />
  );
  if (mobile) {
    return (
      <Link
        {...link}
        title={label}
        className={buttonClass('secondary', CAROUSEL_ACTION_CLASS)}
        data-testid="carousel-comments"
      >
        {content}
      </Link>
    );
  }
  return (
    <Button
      className={CAROUSEL_ACTION_CLASS}
      title={label}
      onClick={() => carouselStore.getState().showSidePart('comments', false)}
      data-testid="carousel-comments"
    >
      {content}
    </Button>
  );
}

const PANEL = {
  id: 'comments',
  order: 1,
  render: (context: CarouselSlotContext) => <CommentsPart {...context} />,
};
const ACTION = {
  id: 'comments',
  order: 3,
  placement: 'bar' as const,
  render: (context: CarouselSlotContext) => <ToolbarComments {...context} />,
};

/** Puts the comments in the viewer (album pages only): side module, and the toolbar. */
export function registerCommentsPanel(): () => void {
  const undoPanel = registerCarouselPanel(PANEL);
  const undoAction = registerCarouselAction(ACTION);
  return () => {
    undoPanel();
    undoAction();
  };
}
