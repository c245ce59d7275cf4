import { useEffect, useState, type FormEvent } from 'react';
import { CAST_CODE_LENGTH, CAST_ERRORS, CastCodeSchema } from '../../api/contract/cast';
import { ApiError, apiErrorCode } from '../../api/errors';
import { Button } from '../../ui/Button';
import { castSenderConfig, loadCastSender } from '../../platform/castSender';
import { Dialog } from '../../ui/Dialog';
import { castService } from './CastService';
import { connectGoogleCast, googleCastAvailable } from './googleCast';
import { useCastTranslation } from './strings';
import { pairWithTv } from './tvTransport';
import './PairDialog.css';

type PairError =
  | 'format'
  | 'unknown'
  | 'tooMany'
  | (typeof CAST_ERRORS)['codeInvalid' | 'codeExpired' | 'receiverBusy'];
const KNOWN: readonly string[] = [
  CAST_ERRORS.codeInvalid,
  CAST_ERRORS.codeExpired,
  CAST_ERRORS.receiverBusy,
];

/** Pairs with a TV: the code its receiver page shows (or a Google Cast device, when present). */
export function PairDialog({ onClose }: { onClose: () => void }) {
  const { t } = useCastTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<PairError | null>(null);
  const [busy, setBusy] = useState(false);
  const address = `${location.origin}/cast/receiver`;
  // Google Cast: offered once the sender framework the app config names has loaded and says Cast
  // is available (platform/castSender.ts); without a config it is never loaded nor offered.
  const [googleCastReady, setGoogleCastReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadCastSender().then((available) => {
      if (live) setGoogleCastReady(available && googleCastAvailable());
    });
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CastCodeSchema.safeParse(code);
    if (!parsed.success) return setError('format');
    setBusy(true);
    setError(null);
    try {
      castService.connect(await pairWithTv(parsed.data));
      onClose();
    } catch (failure) {
      const known = apiErrorCode(failure);
      if (failure instanceof ApiError && failure.status === 429) setError('tooMany');
      else setError(known && KNOWN.includes(known) ? (known as PairError) : 'unknown');
    } finally {
      setBusy(false);
    }
  };

  const googleCast = async () => {
    const sender = castSenderConfig();
    if (!sender) return;
    try {
      castService.connect(await connectGoogleCast(sender.receiverApplicationId));
      onClose();
    } catch {
      setError('unknown');
    }
  };

  return (
    <Dialog
      open
      title={t('pair.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('pair.cancel')}</Button>
          <Button variant="primary" type="submit" form="cast-pair" disabled={busy}>
            {busy ? t('pair.connecting') : t('pair.connect')}
          </Button>
        </>
      }
    >
      <form id="cast-pair" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('pair.intro', { address })}</p>
        <label className="cast-pair__field">
          {t('pair.code')}
          <input
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={CAST_CODE_LENGTH + 2}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? 'cast-pair-error' : undefined}
            data-testid="cast-code-input"
            autoFocus
          />
        </label>
        {error ? (
          <p id="cast-pair-error" role="alert" className="cast-pair__error">
            {t(`errors.${error}`)}
          </p>
        ) : null}
        {googleCastReady ? (
          <Button onClick={() => void googleCast()}>{t('pair.googleCast')}</Button>
        ) : null}
      </form>
    </Dialog>
  );
}
