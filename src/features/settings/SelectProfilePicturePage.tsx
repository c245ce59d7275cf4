import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { actionFailure } from '../../api/errors';
import { api } from '../../platform/api';
import { mediaUrls } from '../../platform/mediaUrls';
import { accountInfoQuery, defaultJobQuery } from '../../platform/queries';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { fileDetailQuery } from '../carousel';
import { apiTimelineSource, GridBar, GridPage, signedIn, useGridPage } from '../photoGrid';
import { cropRect, type CropView } from './crop';
import { ProfilePictureCropper } from './ProfilePictureCropper';
import './settings.css';

/** The crop is cut from the original's pixels, at most this many a side (the server keeps 310). */
const MAX_CROP_PX = 2048;

/**
 * SPEC §2 `/selectProfilePicture`: the timeline's grid (the same engine, no second grid); a click
 * on a photo opens the circular 310×310 cropper; OK cuts the square from the original photo
 * (SPEC §5 "crop output scales to the original photo size") and uploads it (201 is success).
 */
export default signedIn(SelectProfilePicture);

function SelectProfilePicture() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const timeline = useQuery(defaultJobQuery);
  const timelineId = timeline.data?.id;
  const source = useMemo(
    () => (timelineId ? apiTimelineSource(api(), timelineId) : null),
    [timelineId],
  );
  const grid = useGridPage({ contentKey: timelineId, source });
  const urls = useMemo(() => (timelineId ? mediaUrls(timelineId) : null), [timelineId]);
  const [chosen, setChosen] = useState<{ id: string; path: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function choose(fileId: string) {
    if (!timelineId) return;
    try {
      const detail = await client.fetchQuery(fileDetailQuery(timelineId, fileId));
      if (detail.type !== 'picture') {
        showToast({ kind: 'info', message: { key: 'profilePicture.photosOnly' } });
        return;
      }
      setChosen({ id: fileId, path: detail.path });
    } catch (error) {
      showToast({ kind: 'error', message: actionFailure(error, { key: 'profilePicture.failed' }) });
    }
  }

  async function save(view: CropView, shown: HTMLImageElement) {
    if (!chosen || !urls || saving) return;
    setSaving(true);
    try {
      const blob = await cropFromOriginal(urls.content(chosen.id), view, shown);
      const form = new FormData();
      form.set('file', blob, 'profile.jpg');
      await api().request({
        call: callTo(CALLS.setProfilePicture, {}, { path: chosen.path }),
        body: form,
        responseType: 'none',
      });
      await client.invalidateQueries({ queryKey: accountInfoQuery.queryKey });
      showToast({ message: { key: 'profilePicture.saved' } });
      void navigate('/settings');
    } catch (error) {
      showToast({ kind: 'error', message: actionFailure(error, { key: 'profilePicture.failed' }) });
      setSaving(false);
    }
  }

  return (
    <GridPage
      grid={grid}
      testId="profile-picker"
      className="picker-page"
      label={t('profilePicture.gridLabel')}
      onOpen={(fileId) => void choose(fileId)}
      bar={
        <GridBar className="picker-page__bar">
          <Button
            variant="ghost"
            onClick={() => void navigate('/settings')}
            data-testid="profile-picker-cancel"
          >
            {t('common.cancel')}
          </Button>
          <h1 className="picker-page__title">{t('profilePicture.title')}</h1>
        </GridBar>
      }
    >
      {chosen && urls ? (
        <ProfilePictureCropper
          src={urls.thumbnail(chosen.id, 1280)}
          saving={saving}
          onCancel={() => setChosen(null)}
          onConfirm={(view, shown) => void save(view, shown)}
        />
      ) : null}
    </GridPage>
  );
}

/**
 * The viewport's square cut from the original photo's pixels (its thumbnail's when the browser
 * cannot decode the original, e.g. HEIC), as a JPEG.
 */
async function cropFromOriginal(
  originalUrl: string,
  view: CropView,
  shown: HTMLImageElement,
): Promise<Blob> {
  let source: HTMLImageElement = shown;
  try {
    const original = new Image();
    original.crossOrigin = 'anonymous';
    original.src = originalUrl;
    await original.decode();
    source = original;
  } catch {
    source = shown;
  }
  const rect = cropRect(view, source.naturalWidth / shown.naturalWidth);
  const side = Math.max(1, Math.min(MAX_CROP_PX, Math.round(rect.size)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, rect.left, rect.top, rect.size, rect.size, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('no blob'))),
      'image/jpeg',
      0.92,
    ),
  );
}
