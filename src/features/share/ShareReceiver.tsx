import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ReceivedShare } from '../../api/contract/shares';
import { heldLinkPassword } from '../../platform/linkAccess';
import { fileName } from '../../domain/classify';
import { mediaUrls } from '../../platform/mediaUrls';
import { buttonClass } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { JobFetchPage } from './JobFetchPage';
import { useLinkJob } from './linkJob';
import { sharePasswordCredential, shareQuery } from './shareApi';
import { AddToMyPhotos, StopSharing } from './ShareActions';
import { ShareFiles } from './ShareFiles';
import { CreateUserNote } from '../auth';
import './share.css';
import { longServiceDate } from '../../domain/language';

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

function ShareView({ share }: { share: ReceivedShare }) {
  const { t, i18n } = useTranslation();
  const urls = useMemo(() => mediaUrls(share.id), [share.id]);
  const files = share.thumbFiles;
  const [stopped, setStopped] = useState(false);

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

  const heading =
    share.isAlbum && share.title
      ? share.title
      : t('share.page.title', { name: share.owner.name ?? t('share.page.someone') });
  // A service that says neither when the share expires nor when it was made: no date is shown.
  const expires = share.expires === null ? null : longServiceDate(share.expires, i18n.language);

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
          {/* SPEC §9: the share text mentions the 2 GB of free storage (to the signed out). */}
          <CreateUserNote className="share-page__meta" />
        </div>
        <div className="share-page__actions">
          {share.isOwner ? (
            <StopSharing shareId={share.id} onStopped={() => setStopped(true)} />
          ) : (
            <AddToMyPhotos shareId={share.id} />
          )}
        </div>
      </header>
      <ShareFiles jobId={share.id} files={files} path={`/share/${encodeURIComponent(share.id)}`} />
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
    </section>
  );
}
