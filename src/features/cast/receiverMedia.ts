import type { CastItem } from '../../api/contract/cast';
import type { ThumbnailSize } from '../../domain/constants';
import { api } from '../../platform/api';

export interface StoredReceiver {
  id: string;
  token: string;
}

/** The content cast to this receiver, through the pairing (never the user's own token). */
export function receiverMediaUrl(
  receiver: StoredReceiver,
  item: Pick<CastItem, 'jobId' | 'fileId'>,
  part: { thumbnail: ThumbnailSize } | 'content',
): string {
  const path = `/cast/receivers/${encodeURIComponent(receiver.id)}/media/${encodeURIComponent(
    item.jobId,
  )}/${encodeURIComponent(item.fileId)}/${part === 'content' ? 'content' : 'thumbnail'}`;
  const area = part === 'content' ? undefined : part.thumbnail;
  return api().url({ path, query: { token: receiver.token, area } });
}
