import type { AlbumInfo } from '../../api/contract/albums';
import { ShareDialog } from '../share';
import { albumCalls, refreshAlbum } from './albumApi';

/**
 * The album's own link in the share dialog (SPEC §4): shared albums hand it on at once; the owner
 * of a private one makes it shared first.
 */
export function AlbumShareDialog({ album, onClose }: { album: AlbumInfo; onClose: () => void }) {
  return (
    <ShareDialog
      jobId={album.id}
      wholeAlbum={{
        shared: album.isShared === true,
        owner: album.role === 'owner',
        hasPassword: album.has_password,
        makeShared: async () => {
          await albumCalls.setPrivacy(album.id, 'shared');
          await refreshAlbum(album.id);
        },
      }}
      onClose={onClose}
    />
  );
}
