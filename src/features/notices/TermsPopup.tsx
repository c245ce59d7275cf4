import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { lazySchema } from '../../api/contract/lazySchema';
import { useLegalLinks } from '../../platform/legalLinks';
import type { PopupComponentProps } from '../../platform/popupRegistry';
import { accountInfoQuery } from '../../platform/queries';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { answerTerms } from './noticesApi';

const PropsSchema = lazySchema(() => z.object({ version: z.string().min(1) }));

/**
 * SPEC §4 TermsOfService: new terms to accept, with the terms (by language, SPEC §9) a link
 * away. Accept approves them (SPEC §7 /approve_tos) and closes; a failure says so and keeps the
 * choice open. Decline (also Escape) sends the decline and closes: the user carries on, the
 * terms stay pending and the prompt comes back next session.
 */
export function TermsPopup({ close, props }: PopupComponentProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const links = useLegalLinks();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const parsed = PropsSchema.safeParse(props);
  // Nothing to approve: never block the queue.
  useEffect(() => {
    if (!parsed.success) close();
  }, [parsed.success, close]);
  if (!parsed.success) return null;
  const { version } = parsed.data;

  async function accept() {
    setBusy(true);
    setFailed(false);
    try {
      await answerTerms(version, true);
      void client.invalidateQueries({ queryKey: accountInfoQuery.queryKey });
      close();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  async function decline() {
    if (busy) return;
    setBusy(true);
    try {
      await answerTerms(version, false);
    } catch (error) {
      // The answer only informs; the terms stay pending either way.
      console.warn('[terms] decline not sent', error);
    }
    close();
  }

  return (
    <Dialog
      open
      title={t('notices.terms.title')}
      onClose={() => void decline()}
      actions={
        <>
          <Button onClick={() => void decline()} disabled={busy} data-testid="terms-decline">
            {t('notices.terms.decline')}
          </Button>
          <Button
            variant="primary"
            onClick={() => void accept()}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid="terms-accept"
          >
            {t('notices.terms.accept')}
          </Button>
        </>
      }
    >
      <div data-testid="terms-popup" data-version={version}>
        <p>{t('notices.terms.body')}</p>
        <p>
          <a href={links.terms} target="_blank" rel="noopener noreferrer" data-testid="terms-link">
            {t('notices.terms.read')}
          </a>
        </p>
        {failed ? (
          <p role="alert" className="notice-error" data-testid="terms-failed">
            {t('notices.terms.failed')}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
