import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FileInfo } from '../../api/contract/files';
import { fileName } from '../../domain/classify';
import { SHARE_THUMBNAILS_PX } from '../../domain/constants';
import { formatDuration } from '../../gallery';
import { mediaUrls } from '../../platform/mediaUrls';
import { Carousel, listSource, type CarouselFile } from '../carousel';
import './share.css';

const toCarouselFile = (file: FileInfo): CarouselFile => ({
  id: file.id,
  kind: file.type === 'movie' ? 'video' : file.screenshot ? 'screenshot' : 'picture',
  aspect: file.width && file.height ? file.width / file.height : 0,
  time: file.ctime ?? file.mtime,
  duration: file.duration ?? 0,
  size: file.size,
  path: file.path,
});

/**
 * The photos and videos of a share as its receiver sees them (SPEC §9 sizes: one large, two, or
 * a collage of at most four above a grid), each opening the viewer over the page (`?file=`).
 * A share's own page and an album image shown as a share (`/albumImage/…`) both draw it.
 */
export function ShareFiles({
  jobId,
  files,
  path,
}: {
  /** The job the files are read from (the share, or the album). */
  jobId: string;
  files: readonly FileInfo[];
  /** The page's own path: the viewer returns to it, and names its file as `?file=`. */
  path: string;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openFile = params.get('file');
  const urls = useMemo(() => mediaUrls(jobId), [jobId]);
  const source = useMemo(
    () =>
      listSource(files.map(toCarouselFile), {
        jobId,
        returnTo: path,
        routeFor: (fileId) => `${path}?file=${encodeURIComponent(fileId)}`,
        thumbnailUrl: urls.thumbnail,
        contentUrl: urls.content,
        originRect: (fileId) =>
          document
            .querySelector(`[data-share-file="${CSS.escape(fileId)}"]`)
            ?.getBoundingClientRect() ?? null,
        // The originals, one at a time (SPEC §7: a single file is fetched directly).
        capabilities: { download: true, exportJpeg: false },
      }),
    [files, jobId, path, urls],
  );
  if (files.length === 0) return null;

  const size = files.length === 1 ? 'single' : files.length === 2 ? 'pair' : 'many';
  const px = size === 'single' ? SHARE_THUMBNAILS_PX.single : SHARE_THUMBNAILS_PX.manyDesktop;
  return (
    <>
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
      {openFile && source.peek?.(openFile) ? <Carousel source={source} fileId={openFile} /> : null}
    </>
  );
}
