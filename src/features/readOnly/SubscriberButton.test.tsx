// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountInfo } from '../../api/contract/account';
import { initI18n } from '../../i18n';
import { accountInfoQuery } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { popupStore } from '../../state/popups';
import { sessionStore } from '../../state/session';
import { SubscriberButton } from './SubscriberButton';

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
  sessionStore.setState({ status: 'AUTHENTICATED' });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  popupStore.setState({ queue: [] });
});

function show(readOnly: boolean, onClick = vi.fn()) {
  // Loaded and never refetched during the test.
  queryClient.setQueryData(accountInfoQuery.queryKey, {
    is_read_only_user: readOnly,
  } as AccountInfo);
  queryClient.setQueryDefaults(accountInfoQuery.queryKey, { staleTime: Infinity });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18nInstance}>
        <SubscriberButton onClick={onClick} data-testid="act">
          Share
        </SubscriberButton>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onClick;
}

describe('SubscriberButton (SPEC §6)', () => {
  it('is the plain button for a subscriber', () => {
    const onClick = show(false);
    fireEvent.click(screen.getByTestId('act'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('read-only-gate')).toBeNull();
  });

  it('for a read-only user: unavailable with the readonly tooltip; subscribe opens the dialog', () => {
    const onClick = show(true);
    const button = screen.getByTestId('act');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    const tip = screen.getByTestId('read-only-gate-tip');
    expect(tip.hidden).toBe(false);
    expect(tip.textContent).toContain('You need a subscription to do this.');
    fireEvent.click(screen.getByTestId('read-only-subscribe'));
    expect(popupStore.getState().queue.map((p) => p.kind)).toEqual(['Subscription']);
    expect(tip.hidden).toBe(true);
  });
});
