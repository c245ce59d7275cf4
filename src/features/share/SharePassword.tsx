import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { FieldLabel } from '../../ui/FieldLabel';
import { MessagePage } from '../../ui/MessagePage';
import './share.css';

/** Why the last password did not open the link (SPEC §8 "Incorrect password"). */
export type PasswordProblem = 'incorrect' | 'tooMany' | 'failed';

/**
 * SPEC §2 password page for a share (and for a shared album: SPEC §6 Visitor). The page that
 * shows it owns the fetch (`useLinkJob`): this is the form, busy while the password is checked
 * (SPEC §4 PASSWORD_PROVIDED), with the problem of the last try.
 */
export function SharePassword({
  kind = 'share',
  busy,
  problem,
  onSubmit,
}: {
  kind?: 'share' | 'album';
  busy: boolean;
  problem: PasswordProblem | null;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');

  return (
    <MessagePage
      testId="share-password"
      title={t(kind === 'album' ? 'albums.password.title' : 'share.password.title')}
    >
      <form
        className="share-page share-page__password"
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          if (password && !busy) onSubmit(password);
        }}
      >
        <p>{t(kind === 'album' ? 'albums.password.body' : 'share.password.body')}</p>
        <FieldLabel htmlFor={id} required>
          {t('share.password.label')}
        </FieldLabel>
        <input
          id={id}
          // SPEC §5 "Album or share password required"; not `required`: the browser's bubble
          // would speak before ours, untranslated.
          aria-required="true"
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
        {problem && !busy ? (
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
