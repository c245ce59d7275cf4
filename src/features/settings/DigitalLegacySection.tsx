import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEGACY_CHOICES,
  legacyContactProblems,
  type DigitalLegacy,
  type LegacyChoice,
  type LegacyContact,
} from '../../api/contract/privacy';
import { actionFailure } from '../../api/errors';
import { TEXT_MAX } from '../../domain/constants';
import { fieldProblem } from '../../domain/fieldProblem';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FieldLabel } from '../../ui/FieldLabel';
import { Spinner } from '../../ui/Spinner';
import { digitalLegacyQuery, needsFreshLogin, saveDigitalLegacy } from './privacyApi';
import './settings.css';

const EMPTY: LegacyContact = { name: '', phone_number: '', email_address: '', address: '' };
const FIELDS = ['name', 'phone_number', 'email_address', 'address'] as const;

/**
 * SPEC §3 Digital legacy, §4: three choices; "provide to contact" opens the contact form (all
 * four fields required, phone "+" and 8–14 digits, a valid email; Confirm disabled until valid),
 * and cancelling it goes back to the previous choice. A failed save goes back too, with a message.
 */
export function DigitalLegacySection({
  legacy,
  loadFailed,
  onFreshLogin,
}: {
  legacy: DigitalLegacy | undefined;
  loadFailed: boolean;
  onFreshLogin: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [shown, setShown] = useState<LegacyChoice | null>(null);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const current = legacy?.choice ?? null;
  const selected = shown ?? current;
  const contact = legacy?.digital_legacy_data.contact_information[0] ?? null;

  async function save(choice: LegacyChoice, withContact: LegacyContact | null): Promise<boolean> {
    setSaving(true);
    setShown(choice);
    try {
      client.setQueryData(
        digitalLegacyQuery.queryKey,
        await saveDigitalLegacy(choice, withContact),
      );
      showToast({ message: { key: 'privacy.legacy.saved' } });
      return true;
    } catch (error) {
      if (needsFreshLogin(error)) onFreshLogin();
      showToast({ kind: 'error', message: actionFailure(error, { key: 'privacy.legacy.failed' }) });
      return false;
    } finally {
      setShown(null);
      setSaving(false);
    }
  }

  function choose(choice: LegacyChoice) {
    if (saving || choice === selected) return;
    if (choice === 'provide_content_to_contact') {
      setShown(choice);
      setEditing(true);
      return;
    }
    void save(choice, null);
  }

  let body;
  if (loadFailed) {
    body = (
      <p role="alert" className="settings-error">
        {t('privacy.legacy.loadError')}
      </p>
    );
  } else if (!legacy) {
    body = <Spinner label={t('common.loading')} />;
  } else {
    body = (
      <>
        <div
          role="radiogroup"
          aria-labelledby="privacy-legacy"
          className="settings-choices"
          data-testid="legacy-choices"
        >
          {LEGACY_CHOICES.map((choice) => (
            <label key={choice} className="settings-choice">
              <input
                type="radio"
                name="digital-legacy"
                value={choice}
                checked={selected === choice}
                disabled={saving}
                onChange={() => choose(choice)}
                data-testid={`legacy-${choice}`}
              />
              <span>{t(`privacy.legacy.choice.${choice}`)}</span>
            </label>
          ))}
        </div>
        {current === 'provide_content_to_contact' && contact && !editing ? (
          <div className="settings-contact" data-testid="legacy-contact">
            <p>
              {t('privacy.legacy.contactIs', { name: contact.name, email: contact.email_address })}
            </p>
            <Button
              variant="ghost"
              onClick={() => {
                setShown('provide_content_to_contact');
                setEditing(true);
              }}
              data-testid="legacy-edit-contact"
            >
              {t('privacy.legacy.editContact')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section
      className="settings-section"
      aria-labelledby="privacy-legacy"
      data-testid="privacy-legacy"
    >
      <h2 id="privacy-legacy">{t('privacy.legacy.title')}</h2>
      <p>{t('privacy.legacy.about')}</p>
      {body}
      {editing ? (
        <ContactForm
          initial={contact ?? EMPTY}
          saving={saving}
          onCancel={() => {
            setEditing(false);
            setShown(null);
          }}
          onConfirm={async (next) => {
            if (await save('provide_content_to_contact', next)) setEditing(false);
          }}
        />
      ) : null}
    </section>
  );
}

function ContactForm({
  initial,
  saving,
  onCancel,
  onConfirm,
}: {
  initial: LegacyContact;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (contact: LegacyContact) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof LegacyContact, true>>>({});
  const problems = legacyContactProblems(form);
  const valid = Object.keys(problems).length === 0;

  return (
    <Dialog
      open
      title={t('privacy.legacy.contactTitle')}
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} data-testid="legacy-contact-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!valid || saving}
            onClick={() => void onConfirm(form)}
            data-testid="legacy-contact-confirm"
          >
            {t('privacy.legacy.confirm')}
          </Button>
        </>
      }
    >
      <form
        className="settings-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !saving) void onConfirm(form);
        }}
      >
        <p>{t('privacy.legacy.contactAbout')}</p>
        {FIELDS.map((field) => {
          const problem =
            touched[field] === true
              ? fieldProblem(form[field], { required: true, invalid: problems[field] === true })
              : null;
          const invalid = problem !== null;
          return (
            <div key={field} className="settings-field">
              <FieldLabel htmlFor={`${id}-${field}`} required>
                {t(`privacy.legacy.field.${field}`)}
              </FieldLabel>
              <input
                id={`${id}-${field}`}
                className="ui-text-field"
                type={
                  field === 'email_address' ? 'email' : field === 'phone_number' ? 'tel' : 'text'
                }
                autoComplete={
                  field === 'email_address' ? 'email' : field === 'phone_number' ? 'tel' : 'off'
                }
                required
                maxLength={TEXT_MAX}
                value={form[field]}
                aria-invalid={invalid}
                aria-describedby={invalid ? `${id}-${field}-invalid` : undefined}
                onChange={(event) => setForm((old) => ({ ...old, [field]: event.target.value }))}
                onBlur={() => setTouched((old) => ({ ...old, [field]: true }))}
                data-testid={`legacy-field-${field}`}
              />
              {invalid ? (
                <p id={`${id}-${field}-invalid`} className="settings-error" role="alert">
                  {problem === 'required'
                    ? t('common.fieldRequired')
                    : field === 'phone_number' || field === 'email_address'
                      ? t(`privacy.legacy.invalid.${field}`)
                      : t('common.valueInvalid')}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
