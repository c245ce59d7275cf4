import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
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
  const area = part === 'content' ? undefined : part.thumbnail;
  const ids = { id: receiver.id, jobId: item.jobId, fileId: item.fileId };
  const media = { ...ids, part: part === 'content' ? 'content' : 'thumbnail' };
  return api().url({ call: callTo(CALLS.castMedia, media, { token: receiver.token, area }) });
}
