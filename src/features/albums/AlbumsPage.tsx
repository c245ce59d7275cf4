import { useQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { JobListItem } from '../../api/contract/albums';
import { isApiError } from '../../api/errors';
import { ALBUM_GRID, TEXT_MAX } from '../../domain/constants';
import { mediaUrls } from '../../platform/mediaUrls';
import { useAccountInfo } from '../../platform/queries';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { usePendingAlbums, type PendingAlbum } from '../upload';
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
import { useUrlText } from './useUrlText';
import { SubscriberButton } from '../readOnly';
import { gridShape, TV_BASE_ROOT_PX } from './albumGridShape';
import './Albums.css';

/** Typing pauses this long before the search text is put in the URL. */
const SEARCH_URL_DELAY_MS = 300;

/** /albums: the signed-in user's albums and the ones shared with them (SPEC §2). */
export default function AlbumsPage() {
  return (
    <RequireLogin>
      <AlbumList />
    </RequireLogin>
  );
}

function AlbumList() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = parseAlbumFilter(params.get('filter'));
  const sort = parseAlbumSort(params.get('sort'));
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
  // The search text is the input's own state, written to the URL once typing pauses.
  const writeQuery = useCallback((value: string) => setParam('q', value, ''), [setParam]);
  const [query, setQuery] = useUrlText(params.get('q') ?? '', writeQuery, SEARCH_URL_DELAY_MS);
  // The result renders in the keystroke's own update: filtering 2,000 indexed titles and the
  // few virtualised rows on screen cost a few milliseconds, less than deferring would wait.
  const [creating, setCreating] = useState(false);
  const albums = useQuery(albumListQuery);
  // SPEC §3 pending albums: shown while their first upload runs, until the server lists them.
  const uploading = usePendingAlbums();
  const pending = useMemo(() => {
    const listed = new Set((albums.data ?? []).map((a) => a.id));
    return uploading.filter((album) => album.targetJob === null || !listed.has(album.targetJob));
  }, [uploading, albums.data]);
  const me = useAccountInfo().data?.uuid;
  const indexed = useMemo(() => indexAlbums(albums.data ?? []), [albums.data]);
  const shown = useMemo(
    () => visibleAlbums(indexed, { filter, sort, query, language: i18n.language }),
    [indexed, filter, sort, query, i18n.language],
  );

  // Stable between renders for the same list: typing re-renders the grid only for a new result.
  const grid = useMemo(
    () => ({ albums: shown.map((a) => a.album), titles: shown.map((a) => a.title) }),
    [shown],
  );

  return (
    <section className="albums-page" data-testid="albums-page" data-query={query}>
      <div className="albums-page__bar">
        <h1 className="albums-page__title">{t('albums.title')}</h1>
        <input
          type="search"
          className="albums-page__search"
          placeholder={t('albums.list.search')}
          aria-label={t('albums.list.search')}
          value={query}
          maxLength={TEXT_MAX}
          onChange={(event) => setQuery(event.target.value)}
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
      ) : shown.length === 0 && pending.length === 0 ? (
        <EmptyAlbums filter={filter} searching={query.trim() !== ''} />
      ) : (
        <>
          {pending.length > 0 ? <PendingAlbums albums={pending} /> : null}
          <AlbumGrid albums={grid.albums} titles={grid.titles} me={me} />
        </>
      )}
      <div className="visually-hidden" aria-live="polite" data-testid="albums-count">
        {albums.data ? t('albums.list.count', { count: shown.length }) : ''}
      </div>
      {creating ? <NewAlbumDialog onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

/** Albums whose first upload is still running (SPEC §3 Pending album). */
function PendingAlbums({ albums }: { albums: readonly PendingAlbum[] }) {
  const { t } = useTranslation();
  return (
    <ul className="albums-pending" aria-label={t('albums.pending.label')}>
      {albums.map((album) => (
        <li key={album.tempID} className="albums-pending__item" data-testid="album-pending">
          <Spinner label={t('albums.pending.uploading')} />
          <span className="album-tile__title">{album.name.trim() || t('albums.unnamed')}</span>
        </li>
      ))}
    </ul>
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

/** Rows rendered beyond the viewport on each side. */
const OVERSCAN_ROWS = 3;

/**
 * The albums as a grid virtualised by rows over the window's scroll: 2,000 albums cost the DOM
 * of the rows on screen, so the first paint and every search keystroke stay small.
 */
const AlbumGrid = memo(function AlbumGrid({
  albums,
  titles,
  me,
}: {
  albums: JobListItem[];
  titles: (string | null)[];
  me: string | undefined;
}) {
  const { t } = useTranslation();
  // One URL builder for the list: each cover's URL is a substitution, not a token read.
  const thumb = useMemo(() => mediaUrls('JOB_ID').thumbnail, []);
  const listRef = useRef<HTMLUListElement>(null);
  const [width, setWidth] = useState(0);
  // The root font size: a TV's grows with the screen, and the tiles with it (gridShape).
  const [rootPx, setRootPx] = useState(TV_BASE_ROOT_PX);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const measure = () => {
      setWidth(list.clientWidth);
      setRootPx(parseFloat(getComputedStyle(document.documentElement).fontSize) || TV_BASE_ROOT_PX);
      setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  const shape = gridShape(width || ALBUM_GRID.desktopTile.width, rootPx);
  const rows = Math.ceil(albums.length / shape.columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => shape.rowHeight + shape.gap,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, shape.rowHeight, shape.gap]);

  const tiles = [];
  for (const row of virtualizer.getVirtualItems()) {
    for (let c = 0; c < shape.columns; c++) {
      const i = row.index * shape.columns + c;
      const album = albums[i];
      if (!album) break;
      tiles.push(
        <AlbumTile
          key={album.id}
          album={album}
          title={titles[i]}
          mine={album.owner.uuid === me}
          position={i + 1}
          count={albums.length}
          style={{
            width: shape.tileWidth,
            height: shape.rowHeight,
            transform: `translate(${c * (shape.tileWidth + shape.gap)}px, ${row.start - scrollMargin}px)`,
          }}
          cover={
            album.cover_id
              ? thumb(album.cover_id, 256).replace(
                  'share=JOB_ID',
                  `share=${encodeURIComponent(album.id)}`,
                )
              : null
          }
        />,
      );
    }
  }
  return (
    <ul
      ref={listRef}
      className="albums-grid"
      aria-label={t('albums.title')}
      style={{ height: Math.max(0, virtualizer.getTotalSize() - shape.gap) }}
      data-testid="albums-grid"
    >
      {tiles}
    </ul>
  );
});

function AlbumTile({
  album,
  title,
  mine,
  cover,
  style,
  position,
  count,
}: {
  album: JobListItem;
  title: string | null;
  mine: boolean;
  cover: string | null;
  style: CSSProperties;
  /** 1-based place in the list, for assistive technology (only some tiles are in the DOM). */
  position: number;
  count: number;
}) {
  const { t } = useTranslation();
  const shared = isSharedAlbum(album);
  const owner = album.owner.name || album.owner.email;
  return (
    <li
      className="album-tile"
      style={style}
      aria-posinset={position}
      aria-setsize={count}
      data-testid="album-tile"
      data-album-id={album.id}
    >
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
