import {
  EMAIL_ADDRESS,
  PUBLISH_MAX_RECIPIENTS,
  splitRecipients,
  type PublishRequest,
} from '../../api/contract/shares';
import { isStorableText } from '../../api/contract/text';
import { TEXT_MAX } from '../../domain/constants';

export interface EmailShareForm {
  recipients: string;
  subject: string;
  message: string;
}

export const SUBJECT_MAX = TEXT_MAX;
export const MESSAGE_MAX = 5000;

/**
 * SPEC §5 email share: recipients required, each comma-separated entry a valid address; subject
 * non-empty; message optional. Answers the fields that are invalid (Done stays disabled while any
 * is); an untouched empty field is invalid too but the form only labels it once touched.
 */
export function emailShareProblems(form: EmailShareForm): {
  recipients: boolean;
  subject: boolean;
  message: boolean;
} {
  const list = splitRecipients(form.recipients);
  return {
    recipients:
      form.recipients.trim().length === 0 ||
      list.length > PUBLISH_MAX_RECIPIENTS ||
      !isStorableText(form.recipients) ||
      !list.every((address) => EMAIL_ADDRESS.test(address)),
    subject:
      form.subject.trim().length === 0 ||
      form.subject.length > SUBJECT_MAX ||
      !isStorableText(form.subject),
    message:
      form.message.length > MESSAGE_MAX || !isStorableText(form.message, { multiline: true }),
  };
}

/** The call's body for a valid form. */
export function publishRequest(form: EmailShareForm): PublishRequest {
  return {
    to_email: splitRecipients(form.recipients).join(','),
    subject: form.subject,
    ...(form.message.trim() ? { message: form.message } : {}),
  };
}
