import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useBreakpoint } from '../../state/viewport';
import { buttonClass } from '../../ui/Button';
import {
  registerCarouselAction,
  registerCarouselPanel,
  type CarouselSlotContext,
} from '../carousel';
import { Comments } from './comments/Comments';
import { commentsQuery } from './comments/commentsApi';

/** SPEC §2 `/comments/{jobId}/{fileId}`: the phones' full-screen comments of a file. */
export const commentsRoute = (jobId: string, fileId: string) =>
  `/comments/${encodeURIComponent(jobId)}/${encodeURIComponent(fileId)}`;

/** Where the comments page's back button returns: the viewer the link was followed from. */
export interface CommentsLocationState {
  from: string;
}

/** On phones: "Comments (3)", to the full-screen panel, from the viewer's toolbar or side module. */
function CommentsLink({ source, file }: CarouselSlotContext) {
  const { t } = useTranslation();
  const location = useLocation();
  const count = useQuery(commentsQuery(source.jobId, file.id)).data?.length;
  const state: CommentsLocationState = {
    from: `${location.pathname}${location.search}${location.hash}`,
  };
  return (
    <Link
      to={commentsRoute(source.jobId, file.id)}
      state={state}
      className={buttonClass('secondary')}
      data-testid="carousel-comments-link"
    >
      {count === undefined ? t('albums.comments.title') : t('albums.comments.open', { count })}
    </Link>
  );
}

/**
 * The side module's comments on a computer or tablet; on a phone the side module is the whole
 * screen already, so it links to the comments' own page (SPEC §2), which a phone's Back leaves.
 */
function CommentsPart(context: CarouselSlotContext) {
  const mobile = useBreakpoint() === 'mobile';
  if (mobile) return <CommentsLink {...context} />;
  return (
    <Comments
      // One list per file: a draft or an edit never follows the viewer to the next file.
      key={`${context.source.jobId}/${context.file.id}`}
      jobId={context.source.jobId}
      fileId={context.file.id}
      truncate={false}
      mobile={false}
    />
  );
}

function ToolbarCommentsLink(context: CarouselSlotContext) {
  return useBreakpoint() === 'mobile' ? <CommentsLink {...context} /> : null;
}

const PANEL = {
  id: 'comments',
  order: 1,
  render: (context: CarouselSlotContext) => <CommentsPart {...context} />,
};
const ACTION = {
  id: 'comments',
  order: 3,
  render: (context: CarouselSlotContext) => <ToolbarCommentsLink {...context} />,
};

/** Puts the comments in the viewer (album pages only): side module, and a phone's toolbar. */
export function registerCommentsPanel(): () => void {
  const undoPanel = registerCarouselPanel(PANEL);
  const undoAction = registerCarouselAction(ACTION);
  return () => {
    undoPanel();
    undoAction();
  };
}
