import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../platform/api';
import { defaultJobQuery } from '../../platform/queries';
import type { GalleryEngine } from '../../gallery';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import {
  apiTimelineSource,
  GridBar,
  GridPage,
  selectedFileIds,
  signedIn,
  useGridPage,
} from '../photoGrid';
import { albumInfoQuery } from './albumApi';
import { AddToAlbumDialog } from './AddToAlbumDialog';
import { addFilesToAlbum } from './addToAlbum';
import { NEW_ALBUM_PLACEHOLDER } from './albumList';
import './Albums.css';

/** SPEC §5 selectionMax, from the link that opened the picker (`?selectionMax=N`). */
function parseMaximum(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The photo picker (SPEC §2 /addPhotos/{jobId}, /albums/{jobId}/edit/addPhotos, /selectPhotos and
 * /selectPhotos/{id}, an external start whose id names the album to add to, in either form of
 * SPEC §2 albumID / albumIDB64): the timeline on the gallery engine in selection mode — a click or
 * Space toggles, Shift selects a range — with the count, the limit of SPEC §5, and Done (into the
 * album, then the album) or Next (choose an album). Not a second grid: the timeline's engine
 * with a picker's bar.
 */
export default signedIn(Picker);

function Picker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { jobId: albumId } = useParams();
  const creating = useLocation().pathname.endsWith('/edit/addPhotos');
  const [params] = useSearchParams();
  const maximum = parseMaximum(params.get('selectionMax'));
  const timeline = useQuery(defaultJobQuery);
  const album = useQuery({ ...albumInfoQuery(albumId ?? ''), enabled: albumId !== undefined });
  const timelineId = timeline.data?.id;
  const source = useMemo(
    () => (timelineId ? apiTimelineSource(api(), timelineId) : null),
    [timelineId],
  );
  // A picker is always selecting: a click toggles rather than opens.
  const grid = useGridPage({
    contentKey: timelineId,
    source,
    selecting: true,
    selectionMaximum: maximum,
  });
  const { engine } = grid;
  const [choosing, setChoosing] = useState<readonly string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const albumPath = albumId ? `/albums/${encodeURIComponent(albumId)}` : '/albums';
  const title =
    album.data?.title?.trim() && album.data.title !== NEW_ALBUM_PLACEHOLDER
      ? album.data.title
      : null;

  async function submit() {
    if (!engine || !timelineId || busy) return;
    if (engine.selection.overMaximum) {
      showToast({ kind: 'error', message: { key: 'albums.picker.limitToast' } });
      return;
    }
    const ids = await selectedFileIds(engine);
    if (ids.length === 0) return;
    if (!albumId) {
      setChoosing(ids);
      return;
    }
    setBusy(true);
    const ok = await addFilesToAlbum({
      albumId,
      sourceJob: timelineId,
      fileIds: ids,
      seeAlbum: () => void navigate(albumPath),
    });
    setBusy(false);
    if (ok) void navigate(albumPath, { replace: true });
  }

  return (
    <GridPage
      grid={grid}
      testId="picker"
      className="picker-page"
      label={t('albums.picker.gridLabel')}
      bar={
        <GridBar className="picker-page__bar">
          <Button
            variant="ghost"
            onClick={() => void navigate(albumId ? albumPath : '/photos')}
            data-testid="picker-cancel"
          >
            {t('common.cancel')}
          </Button>
          <h1 className="picker-page__title">
            {albumId
              ? t('albums.picker.titleAlbum', { title: title ?? t('albums.unnamed') })
              : t('albums.picker.title')}
          </h1>
          {engine ? <PickerCount engine={engine} maximum={maximum} /> : null}
          <span className="timeline-toolbar__spacer" />
          {creating && albumId ? (
            <Button
              onClick={() => void navigate(albumPath, { replace: true })}
              data-testid="picker-create-empty"
            >
              {t('albums.picker.createEmpty')}
            </Button>
          ) : null}
          {engine ? (
            <PickerSubmit
              engine={engine}
              busy={busy}
              label={albumId ? t('albums.add.done') : t('albums.picker.next')}
              onSubmit={() => void submit()}
            />
          ) : null}
        </GridBar>
      }
    >
      {choosing && timelineId ? (
        <AddToAlbumDialog
          sourceJob={timelineId}
          fileIds={choosing}
          onClose={() => setChoosing(null)}
          onAdded={() => engine?.selection.clear()}
        />
      ) : null}
    </GridPage>
  );
}

function useSelectionState(engine: GalleryEngine) {
  const count = useSyncExternalStore(
    (listener) => engine.selection.subscribe(listener),
    () => engine.selection.count,
  );
  const over = useSyncExternalStore(
    (listener) => engine.selection.subscribe(listener),
    () => engine.selection.overMaximum,
  );
  return { count, over };
}

/** The count, magenta past the limit, with the SPEC §5 warning. */
function PickerCount({ engine, maximum }: { engine: GalleryEngine; maximum: number | null }) {
  const { t } = useTranslation();
  const { count, over } = useSelectionState(engine);
  return (
    <span className="picker-page__count" aria-live="polite">
      <span
        className={over ? 'picker-page__count--over' : undefined}
        data-testid="picker-count"
        data-over={over}
      >
        {maximum === null
          ? t('timeline.toolbar.count', { count })
          : t('albums.picker.countOfMax', { count, max: maximum })}
      </span>
      {over ? (
        <span role="alert" className="picker-page__warning" data-testid="picker-limit-warning">
          {t('albums.picker.limitWarning', { max: maximum ?? 0 })}
        </span>
      ) : null}
    </span>
  );
}

/** Done / Next: disabled with nothing chosen or past the limit (then a try says why). */
function PickerSubmit({
  engine,
  busy,
  label,
  onSubmit,
}: {
  engine: GalleryEngine;
  busy: boolean;
  label: string;
  onSubmit: () => void;
}) {
  const { count, over } = useSelectionState(engine);
  const disabled = busy || count === 0 || over;
  return (
    <Button
      variant="primary"
      aria-disabled={disabled}
      className={disabled ? 'is-disabled' : undefined}
      onClick={() => (busy || count === 0 ? undefined : onSubmit())}
      data-testid="picker-submit"
    >
      {label}
    </Button>
  );
}
