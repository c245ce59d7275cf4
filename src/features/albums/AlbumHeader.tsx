import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlbumInfo, SortOrder } from '../../api/contract/albums';
import { Button } from '../../ui/Button';
import { albumUsersQuery, type ViewMode } from './albumApi';
import type { AlbumDeleteStatus } from './albumCommands';
import { NEW_ALBUM_PLACEHOLDER } from './albumList';
import { Avatar } from './AlbumsPage';
import { ChoiceMenu } from './ChoiceMenu';
import { SubscriberButton } from '../readOnly';
import { mayAddTo, mayCopyToTimeline } from './albumRights';
import { AlbumUploadButton, type AlbumUpload } from './AlbumUploadButton';
import './AlbumHeader.css';

const SORTS: readonly SortOrder[] = ['ADDED', 'NEWEST_TAKEN', 'OLDEST_TAKEN'];
const MAX_AVATARS = 5;

export interface AlbumHeaderActions {
  edit: () => void;
  /** The cover picker (SPEC §9), /albums/{jobId}/edit/cover. */
  chooseCover: () => void;
  addPhotos: () => void;
  upload: AlbumUpload;
  /** The upload overlay (#showUploadOverlay), which asks about the timeline copy (SPEC §2). */
  openUploadOverlay: () => void;
  download: () => void;
  /** The album's own link (SPEC §4 share dialog): the owner's, or anyone's once it is shared. */
  share: () => void;
  copyToTimeline: () => void;
  deleteAlbum: () => void;
  leave: () => void;
  subscribe: () => void;
  setSort: (sort: SortOrder) => void;
  setViewMode: (mode: ViewMode) => void;
}

/**
 * The album's header (SPEC §2 single album): title, participants, counts of files, comments and
 * loves, and the actions the caller's role allows (SPEC §6).
 */
export function AlbumHeader({
  album,
  viewMode,
  deleteStatus,
  actions,
}: {
  album: AlbumInfo;
  viewMode: ViewMode;
  deleteStatus: AlbumDeleteStatus | null;
  actions: AlbumHeaderActions;
}) {
  const { t } = useTranslation();
  const users = useQuery(albumUsersQuery(album.id));
  const owner = album.role === 'owner';
  const canAdd = mayAddTo(album);
  const title = album.title?.trim() && album.title !== NEW_ALBUM_PLACEHOLDER ? album.title : null;
  const participants = users.data ?? [];
  const sort = album.sort_order ?? 'NEWEST_TAKEN';

  return (
    <header className="album-header" data-testid="album-header" data-role={album.role}>
      <div className="album-header__main">
        <h1 className="album-header__title" data-testid="album-title">
          {title ?? t('albums.unnamed')}
        </h1>
        <p className="album-header__meta" data-testid="album-counts">
          <span data-testid="album-privacy" data-shared={album.privacy_mode !== 'private'}>
            {album.privacy_mode !== 'private' ? t('albums.shared') : t('albums.private')}
          </span>
          {' · '}
          {t('albums.fileCount', { count: album.counts.files })}
          {' · '}
          {t('albums.commentCount', { count: album.counts.comments })}
          {' · '}
          {t('albums.loveCount', { count: album.counts.loves })}
        </p>
        {participants.length > 0 ? (
          <ul className="album-header__people" aria-label={t('albums.participants')}>
            {participants.slice(0, MAX_AVATARS).map((user) => (
              <li key={user.uuid} title={user.name ?? ''} data-testid="album-participant">
                <Avatar name={user.name ?? '?'} url={user.profile_url} />
                <span className="visually-hidden">{user.name}</span>
              </li>
            ))}
            {participants.length > MAX_AVATARS ? (
              <li className="album-header__more">
                {t('albums.moreParticipants', { count: participants.length - MAX_AVATARS })}
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <div className="album-header__actions" role="toolbar" aria-label={t('albums.actions')}>
        {canAdd ? (
          <>
            <SubscriberButton onClick={actions.addPhotos} data-testid="album-add-photos">
              {t('albums.addPhotos')}
            </SubscriberButton>
            {album.privacy_mode !== 'private' ? (
              // SPEC §2: adding to a shared album offers "also copy to my timeline"; the overlay asks.
              <SubscriberButton onClick={actions.openUploadOverlay} data-testid="album-upload">
                {t('albums.upload')}
              </SubscriberButton>
            ) : (
              <AlbumUploadButton
                onFiles={actions.upload}
                testId="album-upload"
                inputTestId="album-upload-input"
              >
                {t('albums.upload')}
              </AlbumUploadButton>
            )}
          </>
        ) : null}
        {album.role === 'visitor' ? (
          <Button variant="primary" onClick={actions.subscribe} data-testid="album-subscribe">
            {t('albums.subscribe.action')}
          </Button>
        ) : null}
        {owner ? (
          <ChoiceMenu<SortOrder>
            label={t('albums.sort.label')}
            value={sort}
            choices={SORTS.map((value) => ({ value, label: t(`albums.sort.${value}`) }))}
            onChange={actions.setSort}
            testId="album-sort"
          />
        ) : null}
        <ChoiceMenu<ViewMode>
          label={t('albums.view.label')}
          value={viewMode}
          choices={[
            { value: 'grid', label: t('albums.view.grid') },
            { value: 'flow', label: t('albums.view.flow') },
          ]}
          onChange={actions.setViewMode}
          testId="album-view"
        />
        <Button onClick={actions.download} data-testid="album-download">
          {t('albums.download')}
        </Button>
        {owner || album.isShared ? (
          <SubscriberButton onClick={actions.share} data-testid="album-share">
            {t('share.action')}
          </SubscriberButton>
        ) : null}
        {mayCopyToTimeline(album) ? (
          <SubscriberButton onClick={actions.copyToTimeline} data-testid="album-copy">
            {t('albums.copy.action')}
          </SubscriberButton>
        ) : null}
        {owner ? (
          <>
            <Button onClick={actions.edit} data-testid="album-edit">
              {t('albums.edit.action')}
            </Button>
            <Button onClick={actions.chooseCover} data-testid="album-cover">
              {t('albums.cover.short')}
            </Button>
            <Button
              variant="danger"
              onClick={actions.deleteAlbum}
              disabled={deleteStatus === 'PENDING_USER' || deleteStatus === 'PENDING_SERVER'}
              data-testid="album-delete"
              data-status={deleteStatus ?? undefined}
            >
              {deleteStatus === 'PENDING_SERVER'
                ? t('albums.delete.deleting')
                : t('albums.delete.action')}
            </Button>
          </>
        ) : album.role === 'member' ? (
          <Button variant="danger" onClick={actions.leave} data-testid="album-leave">
            {t('albums.leave.action')}
          </Button>
        ) : null}
      </div>
    </header>
  );
}
