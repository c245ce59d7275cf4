import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { AlbumInfo } from '../../api/contract/albums';
import { DIALOG_WIDTHS_PX } from '../../domain/constants';
import { coverPickerTile, coverTileState } from '../../domain/coverPicker';
import { api } from '../../platform/api';
import { mediaUrls } from '../../platform/mediaUrls';
import { useIsReadOnlyUser } from '../../platform/queries';
import { viewportStore } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { albumCommands } from './albumCommands';
import { createAlbumRights } from './albumRights';
import { albumSource } from './albumSource';
import './CoverPicker.css';

/** Tiles loaded before the user asks for more (a page of the picker, not of the server). */
const TILES_PER_PAGE = 48;

interface CoverFile {
  id: string;
  /** Capture time, seconds. */
  time: number;
  canSetCover: boolean;
}

/**
 * The album's files for the picker, in the album's order, a page of months at a time; each with
 * the server's `currentUserCan.setFileAsAlbumCoverPhoto` (SPEC §3 File, read by albumRights).
 */
function useCoverFiles(album: AlbumInfo) {
  const sort = album.sort_order ?? 'NEWEST_TAKEN';
  const { source, rights } = useMemo(() => {
    const rights = createAlbumRights();
    return { rights, source: albumSource(api(), album.id, sort, rights.observe) };
  }, [album.id, sort]);
  const sections = useQuery({
    queryKey: ['jobs', album.id, 'coverPicker', sort, 'sections'],
    queryFn: ({ signal }) => source.sections(signal),
    staleTime: 0,
    gcTime: 0,
  });
  const pages = useInfiniteQuery({
    queryKey: ['jobs', album.id, 'coverPicker', sort, 'files'],
    enabled: sections.isSuccess,
    initialPageParam: 0,
    gcTime: 0,
    queryFn: async ({ pageParam, signal }) => {
      const all = sections.data ?? [];
      const files: CoverFile[] = [];
      let next = pageParam;
      while (next < all.length && files.length < TILES_PER_PAGE) {
        const got = await source.files(all[next], signal);
        got.ids.forEach((id, i) =>
          files.push({ id, time: got.times[i], canSetCover: rights.canSetCover(id) }),
        );
        next += 1;
      }
      return { files, next: next < all.length ? next : null };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const failed = sections.isError || pages.isError;
  return {
    files: pages.data?.pages.flatMap((page) => page.files) ?? [],
    loading: !failed && (sections.isPending || pages.isPending),
    failed,
    retry: () => void (sections.isError ? sections.refetch() : pages.refetch()),
    more: pages.hasNextPage ? () => void pages.fetchNextPage() : null,
    loadingMore: pages.isFetchingNextPage,
  };
}

/**
 * /albums/{jobId}/edit/cover (SPEC §2 album edit, §9 cover picker tiles): the album's photos as
 * radio tiles of the SPEC's size, the current cover checked. Arrow keys move the choice; "Use as
 * cover" sets it with the cover call (SPEC §8 failure toast with retry). Which files may be
 * chosen is the server's word per file (SPEC §6), never worked out here.
 */
export function CoverPickerDialog({ album, onClose }: { album: AlbumInfo; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const readOnlyUser = useIsReadOnlyUser();
  const width = useStore(viewportStore, (state) => state.width);
  const tile = coverPickerTile(width);
  const current = album.coverPhoto ?? null;
  const [chosen, setChosen] = useState<string | null>(current);
  const [saving, setSaving] = useState(false);
  const cover = useCoverFiles(album);
  const urls = useMemo(() => mediaUrls(album.id), [album.id]);
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' }),
    [i18n.language],
  );
  const tiles = cover.files.map((file) => ({
    ...file,
    state: coverTileState({
      fileId: file.id,
      coverId: current,
      canSetCover: file.canSetCover,
      readOnlyUser,
      albumShared: album.isShared === true,
    }),
  }));
  const anyAvailable = tiles.some((file) => file.state === 'available');
  const canSave = chosen !== null && chosen !== current && !saving;

  async function save() {
    if (!canSave || chosen === null) return;
    setSaving(true);
    await albumCommands.setCover(album.id, chosen);
    setSaving(false);
    onClose();
  }

  // The tile size from SPEC §9 (CoverPicker.css draws it).
  const style = { '--cover-tile-w': tile.width, '--cover-tile-h': tile.height } as CSSProperties;

  return (
    <Dialog
      open
      width={DIALOG_WIDTHS_PX[1]}
      title={t('albums.cover.choose')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            disabled={!canSave}
            onClick={() => void save()}
            data-testid="cover-picker-save"
          >
            {t('albums.cover.save')}
          </Button>
        </>
      }
    >
      <div className="cover-picker" data-testid="cover-picker" style={style}>
        {cover.loading ? <Spinner label={t('common.loading')} /> : null}
        {cover.failed ? (
          <div className="cover-picker__problem" role="alert">
            <p>{t('albums.cover.loadError')}</p>
            <Button onClick={cover.retry}>{t('common.retry')}</Button>
          </div>
        ) : null}
        {!cover.loading && !cover.failed && tiles.length === 0 ? (
          <p>{t('albums.cover.empty')}</p>
        ) : null}
        {!cover.loading && tiles.length > 0 && !anyAvailable && !cover.more ? (
          <p data-testid="cover-picker-not-allowed">{t('albums.cover.notAllowed')}</p>
        ) : null}
        {tiles.length > 0 ? (
          <div
            className="cover-picker__tiles"
            role="radiogroup"
            aria-label={t('albums.cover.pickerLabel')}
          >
            {tiles.map((file, index) => (
              <label
                key={file.id}
                className="cover-picker__tile"
                data-state={file.state}
                data-checked={chosen === file.id || undefined}
                data-testid="cover-picker-tile"
                data-file={file.id}
              >
                <input
                  type="radio"
                  name={name}
                  value={file.id}
                  checked={chosen === file.id}
                  disabled={file.state === 'unavailable'}
                  onChange={() => setChosen(file.id)}
                  aria-label={t('albums.cover.tile', {
                    index: index + 1,
                    date: date.format(new Date(file.time * 1000)),
                  })}
                />
                <img src={urls.thumbnail(file.id, 256)} alt="" loading="lazy" decoding="async" />
                {file.state === 'current' ? (
                  <span className="cover-picker__badge">{t('albums.cover.current')}</span>
                ) : null}
              </label>
            ))}
          </div>
        ) : null}
        {cover.more ? (
          <Button
            onClick={cover.more}
            disabled={cover.loadingMore}
            className="cover-picker__more"
            data-testid="cover-picker-more"
          >
            {t('albums.cover.more')}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
