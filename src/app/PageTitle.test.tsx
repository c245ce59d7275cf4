// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from '../i18n';
import { PageTitle, titleOf } from './PageTitle';
import { APP_ROUTES, toRouteObjects } from './routes';

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
});
afterEach(cleanup);

describe('page titles (issue 34.12)', () => {
  it('every route names its page, the deepest match wins', () => {
    const shell = toRouteObjects().find((route) => route.children)!;
    const titled = shell.children!.filter((child) => !child.index);
    expect(titled).toHaveLength(APP_ROUTES.length);
    for (const child of titled)
      expect(typeof (child.handle as { title?: unknown }).title).toBe('string');
    expect(titleOf([{ handle: undefined }, { handle: { title: 'albums' } }])).toBe('albums');
    expect(titleOf([{ handle: { title: 'albums' } }, { handle: {} }])).toBe('albums');
    expect(titleOf([])).toBeNull();
  });

  it('writes the tab title in the app language and follows navigation', async () => {
    const router = createMemoryRouter(
      [
        { path: '/albums', handle: { title: 'albums' }, element: <PageTitle /> },
        { path: '/settings/storage', handle: { title: 'storage' }, element: <PageTitle /> },
      ],
      { initialEntries: ['/albums'] },
    );
    render(
      <I18nextProvider i18n={i18nInstance}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(document.title).toBe('Albums – Capture');
    await act(() => router.navigate('/settings/storage'));
    expect(document.title).toBe('Storage and plans – Capture');
    await act(() => changeLocale('nb_NO', i18nInstance));
    expect(document.title).toBe('Lagring og abonnementer – Capture');
  });
});
