import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailure } from '../../api/errors';
import { NameResponseSchema } from '../../api/contract/user';
import { isStorableText } from '../../api/contract/text';
import { TEXT_MAX } from '../../domain/constants';
import { api } from '../../platform/api';
import { accountInfoQuery } from '../../platform/queries';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { FieldLabel } from '../../ui/FieldLabel';
import './settings.css';

/** SPEC §5 text max: a name is 1 to 255 characters of storable text (contract/text.ts). */
const NAME_MAX = TEXT_MAX;

export function nameProblem(name: string): 'required' | 'tooLong' | 'invalid' | null {
  if (name.trim().length === 0) return 'required';
  if (name.length > NAME_MAX) return 'tooLong';
  return isStorableText(name) ? null : 'invalid';
}

/** What the field says under it: SPEC §5's generic "Field is required", or its own reason. */
export const nameProblemKey = (problem: NonNullable<ReturnType<typeof nameProblem>>) =>
  problem === 'required'
    ? ('common.fieldRequired' as const)
    : (`settings.profile.problem.${problem}` as const);

/** SPEC §7 POST /name, trimmed. */
async function saveName(name: string): Promise<void> {
  await api().request({
    call: callTo(CALLS.setName),
    body: { name: name.trim() },
    schema: NameResponseSchema,
  });
}

/**
 * Saves the signed-in user's name (the settings form, the missing-name prompt): the account is
 * read afresh and "Name saved" shows, or the failure's own text. `save` resolves true once
 * saved; `busy` while it runs.
 */
export function useSaveName(): { busy: boolean; save: (name: string) => Promise<boolean> } {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function save(name: string): Promise<boolean> {
    setBusy(true);
    try {
      await saveName(name);
      await client.invalidateQueries({ queryKey: accountInfoQuery.queryKey });
      showToast({ message: { key: 'settings.profile.saved' } });
      return true;
    } catch (error) {
      showToast({
        kind: 'error',
        message: actionFailure(error, { key: 'settings.profile.failed' }),
      });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, save };
}

/** The signed-in user's name with "Change name" (SPEC §7 POST /name): saved, or the failure. */
export function ProfileName({ name, email }: { name: string | null; email: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const { busy, save: saveDraft } = useSaveName();
  const problem = draft === null ? null : nameProblem(draft);

  async function save() {
    if (draft === null || problem || busy) return;
    if (await saveDraft(draft)) setDraft(null);
  }

  if (draft === null) {
    return (
      <div className="settings-who" data-testid="settings-who">
        <span className="settings-list__name">{name ?? email}</span>
        {name ? <span className="settings-list__count">{email}</span> : null}
        <Button
          className="settings-back"
          onClick={() => setDraft(name ?? '')}
          data-testid="settings-name-edit"
        >
          {t('settings.profile.change')}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="settings-who"
      data-testid="settings-name-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FieldLabel htmlFor={id} required>
        {t('settings.profile.label')}
      </FieldLabel>
      <input
        id={id}
        className="ui-text-field"
        type="text"
        value={draft}
        maxLength={NAME_MAX + 1}
        autoFocus
        // Not `required`: the browser's own bubble would speak before ours, untranslated.
        aria-required="true"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        data-testid="settings-name-input"
      />
      {problem ? (
        <p id={`${id}-problem`} className="settings-error" data-testid="settings-name-problem">
          {t(nameProblemKey(problem))}
        </p>
      ) : null}
      <div className="settings-languages">
        <Button type="button" onClick={() => setDraft(null)}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={problem !== null || busy}
          data-testid="settings-name-save"
        >
          {t('settings.profile.save')}
        </Button>
      </div>
    </form>
  );
}
