// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../i18n';
import type { AppConfigProblem } from '../../platform/appConfig';
import { NotConfiguredPage } from './NotConfiguredPage';

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
});
afterEach(cleanup);

function show(problem: AppConfigProblem, onRetry = vi.fn()) {
  render(
    <I18nextProvider i18n={i18nInstance}>
      <NotConfiguredPage problem={problem} onRetry={onRetry} />
    </I18nextProvider>,
  );
  return onRetry;
}

describe('NotConfiguredPage (a build without /app-config.json never guesses the API)', () => {
  it('names the missing file, its status or its wrong fields, and tells the operator where to look', () => {
    show({ kind: 'status', status: 404 });
    expect(screen.getByTestId('not-configured-reason').textContent).toBe(
      'This site has no settings for the app: /app-config.json answered 404.',
    );
    expect(screen.getByText(/Deploy section of the README/)).toBeTruthy();
    cleanup();
    show({ kind: 'invalid', fields: ['apiOrigin', 'cast.receiverApplicationId'] });
    expect(screen.getByTestId('not-configured-reason').textContent).toContain(
      'apiOrigin, cast.receiverApplicationId',
    );
  });

  it('offline it asks to check the connection, and Try again retries', () => {
    const retry = show({ kind: 'unreachable' });
    expect(screen.getByTestId('not-configured-reason').textContent).toMatch(/connection/);
    expect(screen.queryByText(/README/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('speaks every locale', async () => {
    for (const [locale, word] of [
      ['nb_NO', 'svarte 500'],
      ['sv_SE', 'svarade 500'],
      ['bg_BG', 'отговори с 500'],
    ] as const) {
      await changeLocale(locale, i18nInstance);
      show({ kind: 'status', status: 500 });
      expect(screen.getByTestId('not-configured-reason').textContent).toContain(word);
      cleanup();
    }
    await changeLocale('en_US', i18nInstance);
  });
});
