// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { sessionStore } from '../../state/session';
import { useLinkJob } from './linkJob';

// The answers are written from SPEC §7's own words (status and body text), not from the contract
// server's output: "400, 401 or 403 with body containing "public job auth failed" leads to
// public-auth-required; body containing "User does not have access to secured job" leads to login
// required if not logged in, else not found/no access; other 400/401/403 to not found; 404 to
// not found; anything else to fetch failed."
const answer = (status: number, body = '') =>
  new ApiError({ kind: 'http', method: 'GET', path: '/jobs/j/info', status, body });
const noAnswer = () => new ApiError({ kind: 'network', method: 'GET', path: '/jobs/j/info' });

const RIGHT = 'transformed-right';

/** A link job whose fetch answers `respond(credential)`; `typed` maps typed text to a credential. */
function setup(respond: (credential: string | null) => unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const sent: (string | null)[] = [];
  return {
    sent,
    ...renderHook(
      () =>
        useLinkJob({
          jobId: 'j',
          held: () => null,
          provide: (_id, password) => Promise.resolve(`transformed-${password}`),
          query: (credential) =>
            queryOptions({
              queryKey: ['link', credential],
              queryFn: () => {
                sent.push(credential);
                const result = respond(credential);
                return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
              },
            }),
        }),
      { wrapper },
    ),
  };
}

afterEach(() => {
  cleanup();
  sessionStore.setState({ status: 'NOT_STARTED' });
});

describe('useLinkJob', () => {
  it('asks for the password, is PASSWORD_PROVIDED while it is checked, then shows the job', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { result, sent } = setup((credential) =>
      credential === RIGHT
        ? held.then(() => ({ id: 'j' }))
        : answer(401, '{"error":"public job auth failed"}'),
    );
    await waitFor(() => expect(result.current.state).toBe('PASSWORD_REQUIRED'));
    expect(result.current.password.problem).toBeNull();
    act(() => result.current.password.submit('right'));
    await waitFor(() => expect(result.current.state).toBe('PASSWORD_PROVIDED'));
    expect(result.current.password.busy).toBe(true);
    release();
    await waitFor(() => expect(result.current.state).toBe('FETCHED'));
    expect(result.current.data).toEqual({ id: 'j' });
    expect(sent).toEqual([null, RIGHT]);
  });

  it('says "Incorrect password" when the typed one is refused, and asks again for the same text', async () => {
    const { result, sent } = setup(() => answer(403, 'public job auth failed'));
    await waitFor(() => expect(result.current.state).toBe('PASSWORD_REQUIRED'));
    act(() => result.current.password.submit('wrong'));
    await waitFor(() => expect(result.current.password.problem).toBe('incorrect'));
    expect(result.current.state).toBe('PASSWORD_REQUIRED');
    act(() => result.current.password.submit('wrong'));
    await waitFor(() => expect(sent).toHaveLength(3));
    await waitFor(() => expect(result.current.password.problem).toBe('incorrect'));
  });

  it('too many tries (429) keep the password form, saying so', async () => {
    const { result } = setup((credential) =>
      credential ? answer(429, '') : answer(400, 'public job auth failed'),
    );
    await waitFor(() => expect(result.current.state).toBe('PASSWORD_REQUIRED'));
    act(() => result.current.password.submit('guess'));
    await waitFor(() => expect(result.current.password.problem).toBe('tooMany'));
    expect(result.current.state).toBe('PASSWORD_REQUIRED');
  });

  it('a secured job asks a visitor to sign in, and is not found for a signed-in user', async () => {
    const secured = () => answer(403, 'Forbidden: User does not have access to secured job');
    const visitor = setup(secured);
    await waitFor(() => expect(visitor.result.current.state).toBe('LOGIN_REQUIRED'));
    cleanup();
    sessionStore.setState({ status: 'AUTHENTICATED' });
    const member = setup(secured);
    await waitFor(() => expect(member.result.current.state).toBe('NOT_FOUND'));
  });

  it.each([
    ['a 404', () => answer(404, 'Not Found'), 'NOT_FOUND'],
    ['another 403', () => answer(403, 'Forbidden'), 'NOT_FOUND'],
    ['a 5xx', () => answer(502, 'Bad Gateway'), 'FETCH_FAILED'],
    ['no answer', noAnswer, 'FETCH_FAILED'],
  ])('%s is %s', async (_name, respond, state) => {
    const { result } = setup(respond);
    await waitFor(() => expect(result.current.state).toBe(state));
    expect(result.current.data).toBeUndefined();
  });
});
