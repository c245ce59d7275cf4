import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '../../api/errors';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { unlockShare } from './shareApi';
import './share.css';

/**
 * SPEC §2 password page for a share (and, with its own `unlock`, for a shared album: SPEC §6
 * Visitor); SPEC §8 "Incorrect password".
 */
export function SharePassword({
  shareId,
  onUnlocked,
  unlock = unlockShare,
  kind = 'share',
}: {
  shareId: string;
  onUnlocked: () => void;
  unlock?: (id: string, password: string) => Promise<void>;
  kind?: 'share' | 'album';
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'incorrect' | 'tooMany' | 'failed' | null>(null);

  async function submit() {
    if (!password || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await unlock(shareId, password);
      onUnlocked();
    } catch (failure) {
      const code = apiErrorCode(failure);
      setProblem(
        code === 'password_incorrect'
          ? 'incorrect'
          : code === 'too_many_attempts'
            ? 'tooMany'
            : 'failed',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <MessagePage
      testId="share-password"
      title={t(kind === 'album' ? 'albums.password.title' : 'share.password.title')}
    >
      <form
        className="share-page share-page__password"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>{t(kind === 'album' ? 'albums.password.body' : 'share.password.body')}</p>
        <label htmlFor={id}>{t('share.password.label')}</label>
        <input
          id={id}
          className="ui-text-field"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          maxLength={256}
          aria-invalid={problem === 'incorrect'}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="share-password-input"
        />
        {problem ? (
          <p
            id={`${id}-problem`}
            role="alert"
            className="share-page__error"
            data-testid="share-password-problem"
          >
            {t(`share.password.${problem}`)}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          disabled={!password || busy}
          data-testid="share-password-submit"
        >
          {t('share.password.submit')}
        </Button>
      </form>
    </MessagePage>
  );
}
