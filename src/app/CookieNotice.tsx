import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { readString, writeString } from '../state/persisted';
import { useLegalLinks } from '../platform/legalLinks';

/** SPEC §2 cookie notice: shown until acknowledged, remembered on this device. */
export function CookieNotice() {
  const { t } = useTranslation();
  const links = useLegalLinks();
  const [visible, setVisible] = useState(() => readString('cookieNoticeSeen') !== '1');
  if (!visible) return null;
  return (
    <div
      className="cookie-notice"
      role="region"
      aria-label={t('cookies.readMore')}
      data-testid="cookie-notice"
    >
      <p>
        {t('cookies.text')}{' '}
        <a href={links.privacy} target="_blank" rel="noreferrer">
          {t('cookies.readMore')}
        </a>
      </p>
      <Button
        variant="primary"
        onClick={() => {
          writeString('cookieNoticeSeen', '1');
          setVisible(false);
        }}
      >
        {t('cookies.accept')}
      </Button>
    </div>
  );
}
