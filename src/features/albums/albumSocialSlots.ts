import { useEffect } from 'react';
import { registerLoveAction } from './CarouselLove';
import { registerCommentsPanel } from './CommentsPanel';

/** The viewer's love button and comments, on an album's pages (its own and its link's). */
export function useAlbumSocialSlots(): void {
  useEffect(() => {
    const undoLove = registerLoveAction();
    const undoComments = registerCommentsPanel();
    return () => {
      undoLove();
      undoComments();
    };
  }, []);
}
