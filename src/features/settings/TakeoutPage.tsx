import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { actionFailure } from '../../api/errors';
import { FilesResponseSchema } from '../../api/contract/files';
import { TimelineMonthsResponseSchema, type TimelineSection } from '../../api/contract/jobs';
import { helpLinkLanguage, type Locale } from '../../domain/language';
import { api } from '../../platform/api';
import { defaultJobQuery } from '../../platform/queries';
import { useRouteBuilt } from '../../platform/routesBuilt';
import { showToast } from '../../state/toasts';
import { useBreakpoint } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { albumListQuery, indexAlbums } from '../albums';
import { RequireLogin } from '../auth';
import { downloadAlbum, downloadYear } from '../downloads';
import './settings.css';

/** SPEC §2 takeout: the help article per language (sv, no, otherwise English). */
const TAKEOUT_HELP: Record<'sv' | 'no' | 'en', string> = {
  sv: 'https://captureapp.com/sv/help/takeout',
  no: 'https://www.telenor.no/kundeservice/min-sky/eksporter-innhold/',
  en: 'https://captureapp.com/help/takeout',
};

export interface YearCount {
  year: number;
  count: number;
}

/** The timeline's sections summed per year (newest first): what each year's download holds. */
export function yearCounts(sections: readonly TimelineSection[]): YearCount[] {
  const byYear = new Map<number, number>();
  for (const s of sections) {
    const n = s.counts.pictures + s.counts.videos + s.counts.screenshots;
    if (n > 0) byYear.set(s.year, (byYear.get(s.year) ?? 0) + n);
  }
  return [...byYear].map(([year, count]) => ({ year, count })).sort((a, b) => b.year - a.year);
}

const monthsQuery = (jobId: string) => ({
  queryKey: ['jobs', jobId, 'months', 'takeout'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await api().request({
        call: callTo(CALLS.timelineMonths, { id: jobId }),
        schema: TimelineMonthsResponseSchema,
        signal,
      })
    ).data.months,
});

/**
 * SPEC §2 `/settings/takeout`: everything the user keeps, to download — the timeline year by
 * year (each year splits into parts past the download limit) and each album with files. Back to
 * privacy, where it is reached from. On phones only a notice: a takeout is for a computer.
 */
export default function TakeoutPage() {
  return (
    <RequireLogin>
      <Takeout />
    </RequireLogin>
  );
}

function Takeout() {
  const { t, i18n } = useTranslation();
  const breakpoint = useBreakpoint();
  const privacyBuilt = useRouteBuilt('/settings/privacy');
  const storageBuilt = useRouteBuilt('/settings/storage');
  // SPEC §2: back to privacy, where the takeout is reached from; to settings until it is built.
  const back = (
    <Link
      to={privacyBuilt ? '/settings/privacy' : '/settings'}
      className="settings-back"
      data-testid="takeout-back"
    >
      {privacyBuilt ? t('takeout.back') : t('settings.back')}
    </Link>
  );

  if (breakpoint === 'mobile') {
    return (
      <section className="settings-page" data-testid="takeout-mobile">
        {back}
        <MessagePage title={t('takeout.title')}>
          <p>{t('takeout.mobileNotice')}</p>
        </MessagePage>
      </section>
    );
  }

  const help = TAKEOUT_HELP[helpLinkLanguage(i18n.language as Locale)];
  return (
    <section className="settings-page" data-testid="takeout" aria-labelledby="takeout-title">
      {back}
      <h1 id="takeout-title">{t('takeout.title')}</h1>
      <section className="settings-section" aria-labelledby="takeout-all">
        <h2 id="takeout-all">{t('takeout.all.title')}</h2>
        <p>{t('takeout.all.body')}</p>
        <p>
          <a href={help} target="_blank" rel="noreferrer" data-testid="takeout-help">
            {t('takeout.all.help')}
          </a>
          {storageBuilt ? (
            <>
              {' · '}
              <Link to="/settings/storage" data-testid="takeout-storage">
                {t('takeout.all.storage')}
              </Link>
            </>
          ) : null}
        </p>
      </section>
      <TakeoutPhotos />
      <TakeoutAlbums />
    </section>
  );
}

function TakeoutPhotos() {
  const { t, i18n } = useTranslation();
  const job = useQuery(defaultJobQuery);
  const jobId = job.data?.id;
  const months = useQuery({ ...monthsQuery(jobId ?? ''), enabled: jobId !== undefined });
  const years = useMemo(() => yearCounts(months.data ?? []), [months.data]);
  const total = years.reduce((sum, y) => sum + y.count, 0);
  const number = new Intl.NumberFormat(i18n.language.replace('_', '-'));
  return (
    <section className="settings-section" aria-labelledby="takeout-photos">
      <h2 id="takeout-photos">{t('takeout.photos.title')}</h2>
      {job.isError || months.isError ? (
        <p role="alert" className="settings-error">
          {t('takeout.loadError')}
        </p>
      ) : !months.data || !jobId ? (
        <Spinner label={t('common.loading')} />
      ) : years.length === 0 ? (
        <p data-testid="takeout-no-photos">{t('takeout.photos.none')}</p>
      ) : (
        <>
          <p data-testid="takeout-photo-count">
            {t('takeout.photos.count', { count: total, formatted: number.format(total) })}
          </p>
          <ul className="settings-list" data-testid="takeout-years">
            {years.map(({ year, count }) => (
              <li key={year} className="settings-list__row" data-testid="takeout-year">
                <span className="settings-list__name">{year}</span>
                <span className="settings-list__count">
                  {t('takeout.photos.count', { count, formatted: number.format(count) })}
                </span>
                <Button
                  onClick={() => void downloadYear({ jobId, year, preset: 'takeout' })}
                  aria-label={t('takeout.photos.downloadYear', { year })}
                  data-testid="takeout-year-download"
                >
                  {t('takeout.download')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** SPEC §2: only when albums exist, and only albums with files. */
function TakeoutAlbums() {
  const { t } = useTranslation();
  const albums = useQuery(albumListQuery);
  const [busy, setBusy] = useState<string | null>(null);
  const withFiles = useMemo(
    () => indexAlbums((albums.data ?? []).filter((a) => a.type === 'story' && (a.size ?? 0) > 0)),
    [albums.data],
  );
  if (albums.isError) {
    return (
      <p role="alert" className="settings-error">
        {t('takeout.loadError')}
      </p>
    );
  }
  if (withFiles.length === 0) return null;

  async function download(albumId: string, name: string) {
    setBusy(albumId);
    try {
      const { data } = await api().request({
        call: callTo(CALLS.jobFiles, { id: albumId }),
        schema: FilesResponseSchema,
      });
      await downloadAlbum({
        jobId: albumId,
        files: data.files.map(({ id, size, path }) => ({ id, size, path })),
        albumName: name,
        preset: 'takeout',
      });
    } catch (error) {
      showToast({ kind: 'error', message: actionFailure(error, { key: 'downloads.failed' }) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="settings-section" aria-labelledby="takeout-albums">
      <h2 id="takeout-albums">{t('takeout.albums.title')}</h2>
      <ul className="settings-list" data-testid="takeout-albums">
        {withFiles.map(({ album, title }) => {
          const name = title ?? t('albums.unnamed');
          return (
            <li key={album.id} className="settings-list__row" data-testid="takeout-album">
              <span className="settings-list__name">{name}</span>
              <span className="settings-list__count">
                {t('albums.fileCount', { count: album.size ?? 0 })}
              </span>
              <Button
                disabled={busy === album.id}
                onClick={() => void download(album.id, name)}
                aria-label={t('takeout.albums.download', { name })}
                data-testid="takeout-album-download"
              >
                {t('takeout.download')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
