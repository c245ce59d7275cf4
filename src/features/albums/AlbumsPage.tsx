import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { JobListItem } from '../../api/contract/albums';
import { isApiError } from '../../api/errors';
import { mediaUrls } from '../../platform/mediaUrls';
import { useAccountInfo } from '../../platform/queries';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { albumListQuery } from './albumApi';
import {
  ALBUM_FILTERS,
  ALBUM_SORTS,
  indexAlbums,
  isSharedAlbum,
  parseAlbumFilter,
  parseAlbumSort,
  visibleAlbums,
  type AlbumFilter,
  type AlbumSort,
} from './albumList';
import { ChoiceMenu } from './ChoiceMenu';
import { NewAlbumDialog } from './NewAlbumDialog';
import { SubscriberButton } from './ReadOnlyGate';
import './Albums.css';

/** /albums: the signed-in user's albums and the ones shared with them (SPEC §2). */
export default function AlbumsPage() {
  return (
    <RequireLogin>
      <AlbumList />
    </RequireLogin>
  );
}

function AlbumList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = parseAlbumFilter(params.get('filter'));
  const sort = parseAlbumSort(params.get('sort'));
  const query = params.get('q') ?? '';
  // Typing stays responsive: the grid follows the deferred text.
  const deferredQuery = useDeferredValue(query);
  const [creating, setCreating] = useState(false);
  const albums = useQuery(albumListQuery);
  const me = useAccountInfo().data?.uuid;
  const indexed = useMemo(() => indexAlbums(albums.data ?? []), [albums.data]);
  const shown = useMemo(
    () => visibleAlbums(indexed, { filter, sort, query: deferredQuery }),
    [indexed, filter, sort, deferredQuery],
  );

  const setParam = useCallback(
    (name: string, value: string, fallback: string) =>
      setParams(
        (old) => {
          const copy = new URLSearchParams(old);
          if (value === fallback) copy.delete(name);
          else copy.set(name, value);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <section className="albums-page" data-testid="albums-page">
      <div className="albums-page__bar">
        <h1 className="albums-page__title">{t('albums.title')}</h1>
        <input
          type="search"
          className="albums-page__search"
          placeholder={t('albums.list.search')}
          aria-label={t('albums.list.search')}
          value={query}
          maxLength={255}
          onChange={(event) => setParam('q', event.target.value, '')}
          data-testid="albums-search"
        />
        <ChoiceMenu<AlbumFilter>
          label={t('albums.list.filterLabel')}
          value={filter}
          choices={ALBUM_FILTERS.map((value) => ({
            value,
            label: t(`albums.list.filter.${value}`),
          }))}
          onChange={(value) => setParam('filter', value, 'all')}
          testId="albums-filter"
        />
        <ChoiceMenu<AlbumSort>
          label={t('albums.list.sortLabel')}
          value={sort}
          choices={ALBUM_SORTS.map((value) => ({ value, label: t(`albums.list.sort.${value}`) }))}
          onChange={(value) => setParam('sort', value, 'RECENT_ACTIVITY')}
          testId="albums-sort"
        />
        <SubscriberButton
          variant="primary"
          onClick={() => setCreating(true)}
          data-testid="albums-new"
        >
          {t('albums.list.new')}
        </SubscriberButton>
      </div>
      {albums.isError ? (
        <MessagePage
          testId="albums-error"
          title={t('albums.list.loadError')}
          actions={
            <Button variant="primary" onClick={() => void albums.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          <p>
            {t(
              isApiError(albums.error)
                ? (albums.error.i18nKey as 'errors.genericDescription')
                : 'errors.genericDescription',
            )}
          </p>
        </MessagePage>
      ) : !albums.data ? (
        <Spinner label={t('common.loading')} />
      ) : shown.length === 0 ? (
        <EmptyAlbums filter={filter} searching={deferredQuery.trim() !== ''} />
      ) : (
        <AlbumGrid albums={shown.map((a) => a.album)} titles={shown.map((a) => a.title)} me={me} />
      )}
      <div className="visually-hidden" aria-live="polite" data-testid="albums-count">
        {albums.data ? t('albums.list.count', { count: shown.length }) : ''}
      </div>
      {creating ? <NewAlbumDialog onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

function EmptyAlbums({ filter, searching }: { filter: AlbumFilter; searching: boolean }) {
  const { t } = useTranslation();
  const key = searching ? 'search' : filter;
  return (
    <div className="albums-page__empty" data-testid="albums-empty" data-filter={key}>
      <MessagePage title={t(`albums.list.empty.${key}.title`)}>
        <p>{t(`albums.list.empty.${key}.body`)}</p>
      </MessagePage>
    </div>
  );
}

const AlbumGrid = memo(function AlbumGrid({
  albums,
  titles,
  me,
}: {
  albums: JobListItem[];
  titles: (string | null)[];
  me: string | undefined;
}) {
  // One URL builder for the list: each cover's URL is a substitution, not a token read.
  const thumb = useMemo(() => mediaUrls('JOB_ID').thumbnail, []);
  return (
    <ul className="albums-grid" data-testid="albums-grid">
      {albums.map((album, i) => (
        <AlbumTile
          key={album.id}
          album={album}
          title={titles[i]}
          mine={album.owner.uuid === me}
          cover={
            album.cover_id
              ? thumb(album.cover_id, 256).replace(
                  'share=JOB_ID',
                  `share=${encodeURIComponent(album.id)}`,
                )
              : null
          }
        />
      ))}
    </ul>
  );
});

function AlbumTile({
  album,
  title,
  mine,
  cover,
}: {
  album: JobListItem;
  title: string | null;
  mine: boolean;
  cover: string | null;
}) {
  const { t } = useTranslation();
  const shared = isSharedAlbum(album);
  const owner = album.owner.name || album.owner.email;
  return (
    <li className="album-tile" data-testid="album-tile" data-album-id={album.id}>
      <Link to={`/albums/${encodeURIComponent(album.id)}`} className="album-tile__link">
        <span className="album-tile__cover">
          {cover ? <img src={cover} alt="" loading="lazy" decoding="async" /> : null}
        </span>
        <span className="album-tile__title" data-testid="album-tile-title">
          {title ?? t('albums.unnamed')}
        </span>
        <span className="album-tile__meta">
          {t('albums.fileCount', { count: album.size ?? 0 })}
          {' · '}
          <span data-testid="album-tile-privacy" data-shared={shared}>
            {shared ? t('albums.shared') : t('albums.private')}
          </span>
        </span>
        {!mine ? (
          <span className="album-tile__owner" title={t('albums.ownedBy', { name: owner })}>
            <Avatar name={owner} url={album.owner.profile_picture_url} />
            <span className="visually-hidden">{t('albums.ownedBy', { name: owner })}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** A user's picture, or their initial on a colour of their name. */
export function Avatar({ name, url }: { name: string; url: string | null }) {
  if (url) return <img className="avatar" src={url} alt="" width={28} height={28} />;
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span className="avatar avatar--initial" style={{ background: `hsl(${hue} 45% 40%)` }}>
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  );
}
