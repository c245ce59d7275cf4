import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { FieldLabel } from '../../ui/FieldLabel';
import {
  emailShareProblems,
  MESSAGE_MAX,
  SUBJECT_MAX,
  type EmailShareForm as Form,
} from './emailShare';
import './share.css';

/**
 * The share dialog's email view (SPEC §5 email share): To, Subject, Message; Send disabled until
 * every field is valid; a visited field says "Field is required" when To or Subject is blank,
 * else "Invalid input" when refused. To and Subject show the required asterisk.
 */
export function EmailShareForm({
  busy,
  onBack,
  onSend,
}: {
  busy: boolean;
  onBack: () => void;
  onSend: (form: Form) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState({ recipients: '', subject: '', message: '' });
  const [touched, setTouched] = useState({ recipients: false, subject: false, message: false });
  const problems = emailShareProblems(form);
  const valid = !problems.recipients && !problems.subject && !problems.message;
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const field = (name: keyof typeof form) => ({
    id: `${id}-${name}`,
    value: form[name],
    'aria-invalid': touched[name] && problems[name],
    'aria-required': name !== 'message',
    'aria-describedby': touched[name] && problems[name] ? `${id}-${name}-invalid` : undefined,
    onChange: (event: { target: { value: string } }) =>
      setForm((old) => ({ ...old, [name]: event.target.value })),
    onBlur: () => setTouched((old) => ({ ...old, [name]: true })),
    'data-testid': `share-email-${name}`,
  });
  const invalid = (name: keyof typeof form) =>
    touched[name] && problems[name] ? (
      <p id={`${id}-${name}-invalid`} className="share-dialog__invalid" data-testid="share-invalid">
        {/* SPEC §5: a blank To or Subject is "Field is required"; anything else refused is
            the email share's own "invalid input". */}
        {name !== 'message' && form[name].trim() === ''
          ? t('common.fieldRequired')
          : t('share.email.invalid')}
      </p>
    ) : null;

  return (
    <form
      className="share-dialog__email"
      data-testid="share-email-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !busy) void onSend(form);
      }}
    >
      <div className="share-dialog__field">
        <FieldLabel htmlFor={`${id}-recipients`} required>
          {t('share.email.recipients')}
        </FieldLabel>
        <input
          ref={first}
          className="ui-text-field"
          type="text"
          inputMode="email"
          {...field('recipients')}
        />
        <p className="share-dialog__note">{t('share.email.recipientsHint')}</p>
        {invalid('recipients')}
      </div>
      <div className="share-dialog__field">
        <FieldLabel htmlFor={`${id}-subject`} required>
          {t('share.email.subject')}
        </FieldLabel>
        <input
          className="ui-text-field"
          type="text"
          maxLength={SUBJECT_MAX + 1}
          {...field('subject')}
        />
        {invalid('subject')}
      </div>
      <div className="share-dialog__field">
        <label htmlFor={`${id}-message`}>{t('share.email.message')}</label>
        <textarea
          className="ui-text-field"
          rows={4}
          maxLength={MESSAGE_MAX + 1}
          {...field('message')}
        />
        {invalid('message')}
      </div>
      <div className="share-dialog__row">
        <Button type="button" onClick={onBack}>
          {t('share.back')}
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={!valid || busy}
          data-testid="share-email-done"
        >
          {t('share.email.done')}
        </Button>
      </div>
    </form>
  );
}
