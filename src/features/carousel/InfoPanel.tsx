import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fileName } from '../../domain/classify';
import { useFormatSize } from '../../i18n/useFormatSize';
import { Button } from '../../ui/Button';
import { apertureText, exposureText, focalLengthText } from './exifText';
import { fileDetailQuery, fileMetadataQuery } from './fileQueries';
import { useCarouselPanels } from './slots';
import type { CarouselFile, CarouselSource } from './types';
import './Carousel.css';

interface InfoPanelProps {
  source: CarouselSource;
  file: CarouselFile;
  onClose: () => void;
  show: (fileId: string) => void;
}

/**
 * The side module (360 px; full screen on phones): when and what the file is, its camera, who
 * added it (albums), then the parts other features add (comments).
 */
export function InfoPanel({ source, file, onClose, show }: InfoPanelProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const formatSize = useFormatSize();
  const detail = useQuery(fileDetailQuery(source.jobId, file.id));
  const metadataAnswer = useQuery(fileMetadataQuery(source.jobId, file.id));
  const panels = useCarouselPanels();
  const locale = i18n.language.replace(/_/g, '-');
  const formats = useMemo(
    () => ({
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }),
      number: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }),
    }),
    [locale],
  );
  const number = (n: number) => formats.number.format(n);
  const when = new Date(file.time * 1000);
  const data = detail.data;
  const metadata = metadataAnswer.data;
  const camera = [metadata?.Make, metadata?.Model].filter(Boolean).join(' ');
  const settings = [
    metadata?.ISOSpeedRatings ? t('carousel.info.iso', { value: metadata.ISOSpeedRatings }) : '',
    metadata?.ApertureValue ? apertureText(metadata.ApertureValue, number) : '',
    metadata?.ExposureTime ? exposureText(metadata.ExposureTime, number) : '',
    metadata?.FocalLength ? focalLengthText(metadata.FocalLength, number) : '',
  ].filter(Boolean);
  const uploader = source.capabilities.uploaderName?.(file.id);
  const size = data?.size ?? file.size;
  const name = data?.path ?? file.path;

  return (
    <aside className="carousel-info" aria-labelledby={titleId} data-testid="carousel-info">
      <header className="carousel-info__header">
        <h2 id={titleId}>{t('carousel.info.title')}</h2>
        <Button onClick={onClose} aria-label={t('carousel.info.close')}>
          ×
        </Button>
      </header>
      <dl className="carousel-info__list">
        <dt>{t('carousel.info.taken')}</dt>
        <dd data-testid="carousel-info-date">
          {formats.date.format(when)}
          <br />
          {formats.time.format(when)}
        </dd>
        {name ? (
          <>
            <dt>{t('carousel.info.name')}</dt>
            <dd data-testid="carousel-info-name">{fileName(name)}</dd>
          </>
        ) : null}
        {size !== undefined ? (
          <>
            <dt>{t('carousel.info.size')}</dt>
            <dd>{formatSize(size)}</dd>
          </>
        ) : null}
        {metadata?.width && metadata.height ? (
          <>
            <dt>{t('carousel.info.dimensions')}</dt>
            <dd data-testid="carousel-info-dimensions">
              {t('carousel.info.pixels', {
                width: number(metadata.width),
                height: number(metadata.height),
              })}
            </dd>
          </>
        ) : null}
        {camera || settings.length > 0 ? (
          <>
            <dt>{t('carousel.info.camera')}</dt>
            <dd data-testid="carousel-info-camera">
              {camera}
              {camera && settings.length > 0 ? <br /> : null}
              {settings.join(' · ')}
            </dd>
          </>
        ) : null}
        {uploader ? (
          <>
            <dt>{t('carousel.info.addedBy')}</dt>
            <dd>{uploader}</dd>
          </>
        ) : null}
      </dl>
      {detail.isError || metadataAnswer.isError ? (
        <p role="alert" className="form-error">
          {t('carousel.info.loadError')}
        </p>
      ) : null}
      {panels.map((panel) => (
        <section key={panel.id} className="carousel-info__slot">
          {panel.render({ source, file, show })}
        </section>
      ))}
    </aside>
  );
}
