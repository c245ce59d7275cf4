import { describe, expect, it } from 'vitest';
import { PublishRequestSchema } from '../../api/contract/shares';
import { emailShareProblems, publishRequest } from './emailShare';

const form = (recipients: string, subject = 'Trip', message = '') => ({
  recipients,
  subject,
  message,
});

describe('email share validation (SPEC §5)', () => {
  it('needs recipients, each a valid address', () => {
    expect(emailShareProblems(form('')).recipients).toBe(true);
    expect(emailShareProblems(form('ann@example.com')).recipients).toBe(false);
    expect(emailShareProblems(form('ann@example.com, bo@example.no')).recipients).toBe(false);
    for (const bad of ['ann', 'ann@example', 'ann@example.com,', 'a b@example.com', 'a@@b.c']) {
      expect(emailShareProblems(form(bad)).recipients, bad).toBe(true);
    }
    // Issue 33: the server keeps recipients as stored text; control characters are refused.
    expect(emailShareProblems(form('a\u0000b@example.com')).recipients).toBe(true);
    expect(emailShareProblems(form(Array(51).fill('a@b.co').join(','))).recipients).toBe(true);
  });

  it('needs a subject without control characters; the message is optional', () => {
    expect(emailShareProblems(form('a@b.co', '  ')).subject).toBe(true);
    expect(emailShareProblems(form('a@b.co', 'x'.repeat(256))).subject).toBe(true);
    expect(emailShareProblems(form('a@b.co', 'bell\u0007')).subject).toBe(true);
    expect(emailShareProblems(form('a@b.co', 'Hi', 'line\nline')).message).toBe(false);
    expect(emailShareProblems(form('a@b.co', 'Hi', 'tab\there')).message).toBe(true);
    expect(emailShareProblems(form('a@b.co', 'half \ud83d')).subject).toBe(true);
    expect(emailShareProblems(form('a@b.co', 'Hi', 'half \ude00')).message).toBe(true);
  });

  it('a valid form is a body the server accepts', () => {
    const body = publishRequest(form(' ann@example.com ,bo@example.no', 'Trip', '  '));
    expect(body).toEqual({ to_email: 'ann@example.com,bo@example.no', subject: 'Trip' });
    expect(PublishRequestSchema.safeParse(body).success).toBe(true);
    // Hostile text the client lets through is what the server refuses too, and no more.
    const hostile = publishRequest(form('a@b.co', '<img src=x onerror=alert(1)>', '"; DROP'));
    expect(PublishRequestSchema.safeParse(hostile).success).toBe(true);
  });
});
