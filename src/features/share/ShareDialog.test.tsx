// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { initI18n } from '../../i18n';
import { loadAreaTexts } from '../../i18n/areaTexts';
import { sessionStore } from '../../state/session';

const createShare = vi.fn();
const publish = vi.fn();
const stopShare = vi.fn(() => Promise.resolve());
vi.mock('./shareApi', () => ({
  createShare: (...args: unknown[]) => createShare(...args) as unknown,
  publish: (...args: unknown[]) => publish(...args) as unknown,
  stopShare: (...args: unknown[]) => stopShare(...(args as [])) as unknown,
  shareUrl: (share: { link: string }) => `https://capture.test${share.link}`,
}));

const { ShareDialog } = await import('./ShareDialog');

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
  await loadAreaTexts(['share', 'albums'], i18nInstance);
  // jsdom has no <dialog> methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
  sessionStore.setState({ status: 'AUTHENTICATED' });
});
afterEach(() => {
  cleanup();
  createShare.mockReset();
  publish.mockReset();
  stopShare.mockClear();
});

const show = (count: number) =>
  render(
    <I18nextProvider i18n={i18nInstance}>
      <ShareDialog
        jobId="job"
        fileIds={Array.from({ length: count }, (_, i) => `f-${i}`)}
        onClose={() => undefined}
      />
    </I18nextProvider>,
  );

describe('ShareDialog', () => {
  it('says a link holds at most 500 files instead of failing on more', () => {
    show(501);
    expect(screen.getByTestId('share-too-many').textContent).toContain('up to 500 files');
    expect(screen.queryByTestId('share-create-link')).toBeNull();
  });

  it('a failed link shows the SPEC text for 3 s, then the options again', async () => {
    vi.useFakeTimers();
    try {
      createShare.mockRejectedValue(new Error('500'));
      show(2);
      fireEvent.click(screen.getByTestId('share-create-link'));
      await vi.waitFor(() => expect(screen.getByTestId('share-error')).toBeTruthy());
      expect(screen.getByTestId('share-error').textContent).toBe(
        'Failed to share files - please try again',
      );
      await act(() => vi.advanceTimersByTimeAsync(2_900));
      expect(screen.queryByTestId('share-error')).not.toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(screen.queryByTestId('share-error')).toBeNull();
      expect(screen.getByTestId('share-dialog').dataset.view).toBe('options');
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a password before making a protected link', () => {
    show(1);
    fireEvent.click(screen.getByTestId('share-protect'));
    expect(screen.getByTestId<HTMLButtonElement>('share-create-link').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('share-password'), { target: { value: 'pw' } });
    expect(screen.getByTestId<HTMLButtonElement>('share-create-link').disabled).toBe(false);
  });

  it('an album shares its own link: the owner makes a private album shared first', async () => {
    const makeShared = vi.fn(() => Promise.resolve());
    render(
      <I18nextProvider i18n={i18nInstance}>
        <ShareDialog
          jobId="album-1"
          wholeAlbum={{ shared: false, owner: true, hasPassword: false, makeShared }}
          onClose={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('share-link')).toBeNull();
    expect(screen.queryByTestId('share-to-album')).toBeNull();
    fireEvent.click(screen.getByTestId('share-album-make-shared'));
    await vi.waitFor(() => expect(screen.getByTestId('share-link')).toBeTruthy());
    expect(makeShared).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId<HTMLInputElement>('share-link').value).toMatch(/\/a\/album-1$/);
    expect(createShare).not.toHaveBeenCalled();
  });

  it('says when the daily budget of email recipients is used up (429, issue 33)', async () => {
    createShare.mockResolvedValue({ id: 's1', link: '/share/s1', hasPassword: false });
    publish.mockRejectedValue(
      new ApiError({ kind: 'http', method: 'POST', path: '/jobs/s1/publish', status: 429 }),
    );
    show(1);
    fireEvent.click(screen.getByTestId('share-email'));
    fireEvent.change(screen.getByTestId('share-email-recipients'), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.change(screen.getByTestId('share-email-subject'), { target: { value: 'Trip' } });
    fireEvent.click(screen.getByTestId('share-email-done'));
    await vi.waitFor(() => expect(screen.getByTestId('share-error')).toBeTruthy());
    expect(screen.getByTestId('share-error').textContent).toBe(
      "You have reached today's limit for sharing by email. Please try again later.",
    );
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('asks for a password when the server gives no open link (a password album, issue 33)', async () => {
    createShare.mockImplementation(({ password }: { password: string | null }) =>
      Promise.resolve({ id: password ? 's3' : 's2', link: '/share/s', hasPassword: true }),
    );
    show(1);
    fireEvent.click(screen.getByTestId('share-create-link'));
    await vi.waitFor(() => expect(screen.getByTestId('share-needs-password')).toBeTruthy());
    expect(screen.getByTestId('share-needs-password').textContent).toContain(
      'protected by a password, so a link to its photos needs one too',
    );
    // The sealed link is gone, none was shown, and the password cannot be left out.
    expect(stopShare).toHaveBeenCalledWith('s2');
    expect(screen.queryByTestId('share-link')).toBeNull();
    const protect = screen.getByTestId<HTMLInputElement>('share-protect');
    expect(protect.checked && protect.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('share-password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('share-create-link'));
    await vi.waitFor(() => expect(screen.getByTestId('share-link')).toBeTruthy());
    expect(createShare).toHaveBeenLastCalledWith(expect.objectContaining({ password: 'pw' }));
  });

  it('a member hands on a shared album’s link but cannot email it', () => {
    render(
      <I18nextProvider i18n={i18nInstance}>
        <ShareDialog
          jobId="album-2"
          wholeAlbum={{
            shared: true,
            owner: false,
            hasPassword: false,
            makeShared: () => Promise.resolve(),
          }}
          onClose={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(screen.getByTestId<HTMLInputElement>('share-link').value).toMatch(/\/a\/album-2$/);
    expect(screen.queryByTestId('share-email')).toBeNull();
    expect(screen.getByText('Anyone with the link can see the album and its photos.')).toBeTruthy();
  });

  it('a password-protected album’s link says the password is needed too', () => {
    render(
      <I18nextProvider i18n={i18nInstance}>
        <ShareDialog
          jobId="album-3"
          wholeAlbum={{
            shared: true,
            owner: true,
            hasPassword: true,
            makeShared: () => Promise.resolve(),
          }}
          onClose={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(screen.getByTestId<HTMLInputElement>('share-link').value).toMatch(/\/a\/album-3$/);
    expect(
      screen.getByText(
        "Anyone with the link and the album's password can see the album and its photos.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Anyone with the link can see the album and its photos.')).toBeNull();
  });
});
