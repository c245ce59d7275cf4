import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { FileInfo } from '../../api/contract/files';
import type { ReceivedShare } from '../../api/contract/shares';
import { heldLinkPassword } from '../../platform/linkAccess';
import { SHARE_THUMBNAILS_PX } from '../../domain/constants';
import { fileName } from '../../domain/classify';
import { formatDuration } from '../../gallery';
import { mediaUrls } from '../../platform/mediaUrls';
import { buttonClass } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Carousel, listSource, type CarouselFile } from '../carousel';
import { JobFetchPage } from './JobFetchPage';
import { useLinkJob } from './linkJob';
import { sharePasswordCredential, shareQuery } from './shareApi';
import { AddToMyPhotos, StopSharing } from './ShareActions';
import './share.css';

/**
 * SPEC §2 `/share/{shareId}`: what the receiver of a share sees — the password page when it has
 * one, else its files (SPEC §9 sizes), its documents, the viewer for its files, "stop sharing"
 * for the owner and "add to my photos" for anyone else. The SPEC §4 share fetch states
 * (`useLinkJob`): unknown, stopped or expired shares, and a failed fetch, show share-not-found.
 */
export function ShareReceiver() {
  const { shareId = '' } = useParams();
  const share = useLinkJob({
    jobId: shareId,
    query: (password) => shareQuery(shareId, password),
    held: heldLinkPassword,
    provide: sharePasswordCredential,
  });
  if (!share.data)
    return <JobFetchPage state={share.state} kind="share" password={share.password} />;
  return <ShareView share={share.data} />;
}

const toCarouselFile = (file: FileInfo): CarouselFile => ({
  id: file.id,
  kind: file.type === 'movie' ? 'video' : file.screenshot ? 'screenshot' : 'picture',
  aspect: file.width && file.height ? file.width / file.height : 0,
  time: file.ctime ?? file.mtime,
  duration: file.duration ?? 0,
  size: file.size,
  path: file.path,
});

function ShareView({ share }: { share: ReceivedShare }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openFile = params.get('file');
  const urls = useMemo(() => mediaUrls(share.id), [share.id]);
  const files = share.thumbFiles;
  const [stopped, setStopped] = useState(false);
  const source = useMemo(
    () =>
      listSource(files.map(toCarouselFile), {
        jobId: share.id,
        returnTo: `/share/${encodeURIComponent(share.id)}`,
        routeFor: (fileId) =>
          `/share/${encodeURIComponent(share.id)}?file=${encodeURIComponent(fileId)}`,
        thumbnailUrl: urls.thumbnail,
        contentUrl: urls.content,
        originRect: (fileId) =>
          document
            .querySelector(`[data-share-file="${CSS.escape(fileId)}"]`)
            ?.getBoundingClientRect() ?? null,
        // The originals, one at a time (SPEC §7: a single file is fetched directly).
        capabilities: { download: true, exportJpeg: false },
      }),
    [files, share.id, urls],
  );

  if (stopped) {
    return (
      <MessagePage
        testId="share-stopped"
        title={t('share.stop.doneTitle')}
        actions={
          <Link className={buttonClass('primary')} to="/photos">
            {t('common.goToTimeline')}
          </Link>
        }
      >
        <p>{t('share.stop.doneBody')}</p>
      </MessagePage>
    );
  }

  const size = files.length === 1 ? 'single' : files.length === 2 ? 'pair' : 'many';
  const px = size === 'single' ? SHARE_THUMBNAILS_PX.single : SHARE_THUMBNAILS_PX.manyDesktop;
  const heading =
    share.isAlbum && share.title
      ? share.title
      : t('share.page.title', { name: share.owner.name ?? t('share.page.someone') });
  // A service that says neither when the share expires nor when it was made: no date is shown.
  const expires =
    share.expires === null
      ? null
      : new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'long' }).format(
          new Date(share.expires * 1000),
        );

  return (
    <section className="share-page" data-testid="share-page" data-share={share.id}>
      <header className="share-page__header">
        <div>
          <h1 data-testid="share-title">{heading}</h1>
          <p className="share-page__meta">
            {share.isAlbum && share.title && share.owner.name
              ? `${t('share.page.sharedBy', { name: share.owner.name })} · `
              : ''}
            {t('share.page.count', { count: files.length + share.docFiles.length })}
            {expires === null ? null : ` · ${t('share.page.expires', { date: expires })}`}
          </p>
        </div>
        <div className="share-page__actions">
          {share.isOwner ? (
            <StopSharing shareId={share.id} onStopped={() => setStopped(true)} />
          ) : (
            <AddToMyPhotos shareId={share.id} />
          )}
        </div>
      </header>
      {files.length > 1 ? (
        // SPEC §9: the preview is a collage of at most 4 of the files.
        <div
          className={`share-page__collage share-page__collage--${Math.min(files.length, SHARE_THUMBNAILS_PX.collageMaxFiles)}`}
          aria-hidden="true"
          data-testid="share-collage"
        >
          {files.slice(0, SHARE_THUMBNAILS_PX.collageMaxFiles).map((file) => (
            <img key={file.id} src={urls.thumbnail(file.id, 256)} alt="" decoding="async" />
          ))}
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul
          className={`share-page__grid share-page__grid--${size}`}
          aria-label={t('share.page.files')}
          data-testid="share-files"
        >
          {files.map((file) => {
            const name = fileName(file.path) || t('share.page.untitled');
            return (
              <li key={file.id}>
                <button
                  type="button"
                  className="share-page__tile"
                  data-share-file={file.id}
                  data-testid="share-file"
                  aria-label={
                    file.type === 'movie'
                      ? t('share.page.openVideo', { name })
                      : t('share.page.openPhoto', { name })
                  }
                  onClick={() =>
                    setParams((old) => {
                      const next = new URLSearchParams(old);
                      next.set('file', file.id);
                      return next;
                    })
                  }
                >
                  <img
                    src={urls.thumbnail(file.id, px > 256 ? 1280 : 256)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={px}
                    height={px}
                  />
                  {file.type === 'movie' ? (
                    <span className="share-page__video" aria-hidden="true">
                      {formatDuration(file.duration ?? 0)}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {share.docFiles.length > 0 ? (
        <section aria-labelledby="share-documents">
          <h2 id="share-documents">{t('share.page.documents')}</h2>
          <ul className="share-page__documents" data-testid="share-documents">
            {share.docFiles.map((doc) => (
              <li key={doc.id}>
                <a href={urls.content(doc.id, { download: true })} download>
                  {fileName(doc.path) || t('share.page.untitled')}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {openFile && source.peek?.(openFile) ? <Carousel source={source} fileId={openFile} /> : null}
    </section>
  );
}
