// The API client's session handlers: a 401 runs the unauthorised handlers only for a call that
// carried the current session, a 403 user_disabled the disabled-account ones.
import { callFor } from './contract/calls';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connectivityStore } from '../state/connectivity';
import { hosts, json, rejection, setup } from './testClient';

beforeEach(() => connectivityStore.getState().setOnline(true));

describe('answers: session handlers', () => {
  it('401 runs every unauthorised handler, then throws kind unauthorized', async () => {
    const { client } = setup(new Response('public job auth failed', { status: 401 }));
    const first = vi.fn(() => {
      throw new Error('broken handler');
    });
    const second = vi.fn();
    const removed = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    client.onUnauthorized(first);
    client.onUnauthorized(second);
    client.onUnauthorized(removed)();
    const error = await rejection(
      client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() }),
    );
    expect(error.kind).toBe('unauthorized');
    expect(error.body).toBe('public job auth failed');
    expect(first).toHaveBeenCalledWith(error);
    expect(second).toHaveBeenCalledWith(error);
    expect(removed).not.toHaveBeenCalled();
  });

  it('a 401 to a call sent under a session this client has since ended or replaced runs no handler', async () => {
    // The account deleted while a background call was out: the session is forgotten before the
    // call's 401 comes back, which must not show "session expired" over the deletion's notice.
    for (const after of [null, { token: 'new-tok', hosts }]) {
      let auth: { token: string; hosts: typeof hosts } | null = { token: 'tok', hosts };
      let answer: (response: Response) => void = () => undefined;
      const { client } = setup(() => new Promise<Response>((resolve) => (answer = resolve)), {
        getAuth: () => auth,
      });
      const handler = vi.fn();
      client.onUnauthorized(handler);
      const pending = rejection(
        client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() }),
      );
      auth = after;
      answer(new Response('unauthorized', { status: 401 }));
      expect((await pending).kind).toBe('unauthorized');
      expect(handler, after ? 'replaced' : 'ended').not.toHaveBeenCalled();
    }
  });

  it('a 401 to a call without the token (a visitor) ends no session: no handler runs', async () => {
    const { client } = setup(new Response('login required', { status: 401 }));
    const handler = vi.fn();
    client.onUnauthorized(handler);
    const error = await rejection(
      client.request({ call: callFor('GET', '/supported_extensions'), schema: z.unknown() }),
    );
    expect(error.kind).toBe('unauthorized');
    expect(handler).not.toHaveBeenCalled();
  });

  it('403 user_disabled from any call runs the disabled-account handlers; other 403s do not', async () => {
    const disabled = setup(json({ error: 'user_disabled', message: 'Account terminated' }, 403));
    const onDisabled = vi.fn();
    const onUnauthorized = vi.fn();
    disabled.client.onUserDisabled(onDisabled);
    disabled.client.onUnauthorized(onUnauthorized);
    const error = await rejection(
      disabled.client.request({
        call: callFor('DELETE', '/jobs/j/files_by_id/f'),
        schema: z.unknown(),
      }),
    );
    expect(error.kind).toBe('forbidden');
    expect(onDisabled).toHaveBeenCalledWith(error);
    expect(onUnauthorized).not.toHaveBeenCalled();

    for (const answer of [
      json({ error: 'read_only_user' }, 403),
      new Response('user_disabled', { status: 403 }),
      json({ error: 'user_disabled' }, 400),
    ]) {
      const other = setup(answer);
      const handler = vi.fn();
      other.client.onUserDisabled(handler);
      await rejection(
        other.client.request({ call: callFor('GET', '/account_info'), schema: z.unknown() }),
      );
      expect(handler).not.toHaveBeenCalled();
    }
  });
});
