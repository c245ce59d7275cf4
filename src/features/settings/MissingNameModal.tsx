import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FieldLabel } from '../../ui/FieldLabel';
import { nameProblem, nameProblemKey, useSaveName } from './ProfileName';
import './settings.css';

const DISMISSED_KEY = 'missingNameDismissed';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * SPEC §2 missing-name modal: a signed-in account without a name is asked for one (the name
 * others see on shared albums and comments). "Later" asks again in the next session.
 */
export default function MissingNameModal() {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(() => !dismissedThisSession());
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, save: saveTyped } = useSaveName();
  const problem = nameProblem(name);

  function later() {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage off: it closes for now and asks again on the next load.
    }
    setOpen(false);
  }

  async function save() {
    setTouched(true);
    if (problem || busy) return;
    if (await saveTyped(name)) setOpen(false);
  }

  if (!open) return null;
  const invalid = touched && problem !== null;
  return (
    <Dialog
      open
      title={t('missingName.title')}
      onClose={later}
      actions={
        <>
          <Button variant="ghost" onClick={later} data-testid="missing-name-later">
            {t('missingName.later')}
          </Button>
          <Button
            disabled={busy || problem !== null}
            onClick={() => void save()}
            data-testid="missing-name-save"
          >
            {t('missingName.save')}
          </Button>
        </>
      }
    >
      <form
        className="settings-form"
        data-testid="missing-name"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p>{t('missingName.body')}</p>
        <FieldLabel htmlFor={id} required>
          {t('settings.profile.label')}
        </FieldLabel>
        <input
          id={id}
          className="ui-text-field"
          type="text"
          autoComplete="name"
          value={name}
          aria-required="true"
          maxLength={300}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-problem` : undefined}
          onChange={(event) => setName(event.target.value)}
          // Leaving the field empty is no mistake yet (Later is the next thing many press): the
          // "Enter a name" line showing on that blur moved the buttons under the pointer, and the
          // click on Later was lost. Save stays disabled while empty; what was typed is checked.
          onBlur={() => {
            if (name !== '') setTouched(true);
          }}
          data-testid="missing-name-input"
        />
        {invalid ? (
          <p id={`${id}-problem`} role="alert" className="settings-error">
            {t(nameProblemKey(problem))}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
