import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CardCta, GenericMessageCard } from '../../api/contract/fullScreenCards';
import { cardActionTarget, illustrationUrl } from '../../domain/cardActions';
import type { PopupComponentProps } from '../../platform/popupRegistry';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { dismissCard, fullScreenCardsQuery } from './noticesApi';
import './notices.css';

/**
 * SPEC §4 FullScreenMessage: the session's full-screen cards (generic_message_1), one after the
 * other, highest priority first. A call to action does its web action — inside the app, in a new
 * tab, or by leaving for another site, each only to an address `domain/cardActions` accepts —
 * and, when it says `dismiss_on_tap`, dismisses the card on the server (SPEC §8: a failed
 * dismissal is only logged). A card left open by a new tab stays on screen; any other tap moves
 * on. Closing (the close button, Escape) dismisses it: the user has dealt with it.
 */
export function FullScreenCardPopup({ close }: PopupComponentProps) {
  const cards = useQuery(fullScreenCardsQuery).data ?? [];
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const card = cards.find((c) => !done.has(c.card_id));
  useEffect(() => {
    if (!card) close();
  }, [card, close]);
  if (!card) return null;
  const next = () => setDone((old) => new Set(old).add(card.card_id));
  return <CardView key={card.card_id} card={card} onDone={next} />;
}

function CardView({ card, onDone }: { card: GenericMessageCard; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const values = card.client_values;
  const illustration = illustrationUrl(values.illustration);

  async function tap(cta: CardCta) {
    const target = cta.web_action ? cardActionTarget(cta.web_action, location.origin) : null;
    if (cta.web_action && !target) {
      console.warn(`[cards] card ${card.card_id}: action refused, the button only closes the card`);
    }
    if (target?.kind === 'newTab') {
      // Before any await: a new tab needs the click's user activation.
      window.open(target.url, '_blank', 'noopener,noreferrer');
      if (!cta.dismiss_on_tap) return;
    }
    if (target?.kind === 'redirect') {
      setLeaving(true);
      // The dismissal is sent before the page goes.
      if (cta.dismiss_on_tap) await dismissCard(card.card_id);
      location.assign(target.url);
      return;
    }
    if (cta.dismiss_on_tap) void dismissCard(card.card_id);
    onDone();
    if (target?.kind === 'internal') void navigate(target.path);
  }

  const dismiss = () => {
    void dismissCard(card.card_id);
    onDone();
  };

  return (
    <Dialog open fullScreen title={values.title} onClose={dismiss}>
      <div className="full-screen-card" data-testid="full-screen-card" data-card={card.card_id}>
        <button
          type="button"
          className="full-screen-card__close"
          aria-label={t('common.close')}
          onClick={dismiss}
          data-testid="card-close"
        >
          {'×'}
        </button>
        {illustration ? (
          <img
            className="full-screen-card__illustration"
            src={illustration}
            alt=""
            referrerPolicy="no-referrer"
            data-testid="card-illustration"
          />
        ) : null}
        <p className="full-screen-card__body" data-testid="card-body">
          {values.body}
        </p>
        <div className="full-screen-card__actions">
          {values.secondary_cta ? (
            <CtaButton
              cta={values.secondary_cta}
              disabled={leaving}
              onTap={tap}
              testId="card-secondary"
            />
          ) : null}
          <CtaButton
            cta={values.primary_cta}
            primary
            disabled={leaving}
            onTap={tap}
            testId="card-primary"
          />
        </div>
      </div>
    </Dialog>
  );
}

function CtaButton({
  cta,
  primary = false,
  disabled,
  onTap,
  testId,
}: {
  cta: CardCta;
  primary?: boolean;
  disabled: boolean;
  onTap: (cta: CardCta) => Promise<void>;
  testId: string;
}) {
  return (
    <Button
      variant={primary ? 'primary' : 'secondary'}
      disabled={disabled}
      onClick={() => void onTap(cta)}
      data-testid={testId}
    >
      {cta.label}
    </Button>
  );
}
