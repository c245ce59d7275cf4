// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GenericMessageCard } from '../../api/contract/fullScreenCards';
import { initI18n } from '../../i18n';

const dismissCard = vi.fn((_id: string) => Promise.resolve());
vi.mock('./noticesApi', () => ({
  fullScreenCardsQuery: { queryKey: ['full_screen_cards'], queryFn: () => Promise.resolve([]) },
  dismissCard: (id: string) => dismissCard(id),
}));

const { FullScreenCardPopup } = await import('./FullScreenCardPopup');

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  dismissCard.mockClear();
});

const card = (
  id: string,
  primary: Partial<GenericMessageCard['client_values']['primary_cta']> = {},
) =>
  ({
    card_id: id,
    priority: 1,
    template: 'generic_message_1',
    client_values: {
      title: `Title ${id}`,
      body: 'Line one\nline two',
      illustration: 'javascript:alert(1)',
      primary_cta: {
        label: 'Go',
        dismiss_on_tap: true,
        web_action: { action_type: 'internal_navigation', url: '/albums' },
        ...primary,
      },
      secondary_cta: { label: 'Later', dismiss_on_tap: false, web_action: null },
    },
  }) as GenericMessageCard;

function show(cards: GenericMessageCard[]) {
  const client = new QueryClient();
  client.setQueryData(['full_screen_cards'], cards);
  const close = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <QueryClientProvider client={client}>
            <I18nextProvider i18n={i18nInstance}>
              <FullScreenCardPopup close={close} />
            </I18nextProvider>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/photos'] },
  );
  render(<RouterProvider router={router} />);
  return { close, router };
}

describe('FullScreenCardPopup', () => {
  it('shows the cards one after the other; dismiss_on_tap dismisses, an internal action navigates', async () => {
    const { close, router } = show([card('a'), card('b')]);
    expect(screen.getByRole('dialog').textContent).toContain('Title a');
    // A javascript: illustration is not shown at all.
    expect(screen.queryByTestId('card-illustration')).toBeNull();
    fireEvent.click(screen.getByTestId('card-primary'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/albums'));
    expect(dismissCard).toHaveBeenCalledWith('a');
    expect(screen.getByRole('dialog').textContent).toContain('Title b');
    // A button without dismiss_on_tap closes the card for now without dismissing it.
    fireEvent.click(screen.getByTestId('card-secondary'));
    expect(dismissCard).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('refuses a javascript: action: the button only closes the card', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { close, router } = show([
      card('x', { web_action: { action_type: 'redirect', url: 'javascript:alert(1)' } }),
    ]);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: 'http://app.test',
      assign,
    });
    fireEvent.click(screen.getByTestId('card-primary'));
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(assign).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/photos');
    expect(warn).toHaveBeenCalled();
  });

  it('opens a new tab with no opener and keeps a card that is not dismissed on tap', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { close } = show([
      card('n', {
        dismiss_on_tap: false,
        web_action: { action_type: 'new_tab', url: 'https://example.com/offer' },
      }),
    ]);
    fireEvent.click(screen.getByTestId('card-primary'));
    expect(open).toHaveBeenCalledWith('https://example.com/offer', '_blank', 'noopener,noreferrer');
    expect(dismissCard).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
    expect(screen.getByTestId('full-screen-card')).toBeTruthy();
  });

  it('the close button dismisses the card', async () => {
    const { close } = show([card('c')]);
    fireEvent.click(screen.getByTestId('card-close'));
    expect(dismissCard).toHaveBeenCalledWith('c');
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
  });
});
