// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { splitIntoPages } from '../../domain/downloads';
import { downloadPanelStore } from './downloadPanelStore';

const downloadPage = vi.fn((_session: number, _index: number) => Promise.resolve());
vi.mock('./downloadFiles', () => ({
  downloadPage: (session: number, index: number) => downloadPage(session, index),
}));

const { DownloadPanel } = await import('./DownloadPanel');

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
});
afterEach(() => {
  cleanup();
  act(() => downloadPanelStore.getState().close());
  downloadPage.mockClear();
});

const MIB = 1024 ** 2;
const files = (n: number, ext = 'jpg') =>
  Array.from({ length: n }, (_, i) => ({ id: `f${i}`, size: MIB, path: `IMG_${i}.${ext}` }));

function open(list = files(1200), split = true) {
  render(
    <I18nextProvider i18n={i18nInstance}>
      <DownloadPanel />
    </I18nextProvider>,
  );
  act(() =>
    downloadPanelStore.getState().open({
      jobId: 'j',
      source: 'job',
      preset: 'download',
      zipName: 'Capture',
      pages: splitIntoPages(list, 'Capture'),
      split,
    }),
  );
}

describe('DownloadPanel', () => {
  it('is off until a selection is offered', () => {
    open();
    act(() => downloadPanelStore.getState().close());
    expect(screen.queryByTestId('download-panel')).toBeNull();
  });

  it('lists the pages with their sizes and a button each, and takes the focus', () => {
    open();
    const panel = screen.getByTestId('download-panel');
    expect(screen.getByRole('heading', { name: 'Download in 3 parts' })).toBe(
      document.activeElement,
    );
    const rows = screen.getAllByTestId('download-page');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Capture(1)400 files · 400 MB') as string,
      expect.stringContaining('Capture(2)400 files · 400 MB') as string,
      expect.stringContaining('Capture(3)400 files · 400 MB') as string,
    ]);
    expect(panel.textContent).toContain('0 of 3 downloaded');
    fireEvent.click(screen.getByRole('button', { name: 'Download Capture(2)' }));
    expect(downloadPage).toHaveBeenCalledWith(downloadPanelStore.getState().session?.id, 1);
  });

  it('marks clicked pages', () => {
    open();
    const { session, setClicked } = downloadPanelStore.getState();
    act(() => setClicked(session!.id, 0, true));
    const [first] = screen.getAllByTestId('download-page');
    expect(first.dataset.clicked).toBe('true');
    expect(first.textContent).toContain('Downloaded');
    expect(screen.getByRole('button', { name: 'Download Capture(1)' }).textContent).toBe(
      'Download again',
    );
    expect(screen.getByTestId('download-panel-progress').textContent).toBe('1 of 3 downloaded');
  });

  it('minimises on Escape and with its button, expands again, and closes', () => {
    open();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Download Capture(1)' }), {
      key: 'Escape',
    });
    expect(screen.getByTestId('download-panel').dataset.mode).toBe('minimized');
    expect(screen.queryAllByTestId('download-page')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(screen.getByTestId('download-panel').dataset.mode).toBe('max');
    fireEvent.click(screen.getByRole('button', { name: 'Minimize' }));
    expect(screen.getByTestId('download-panel').dataset.mode).toBe('minimized');
    fireEvent.click(screen.getByRole('button', { name: 'Close downloads' }));
    expect(screen.queryByTestId('download-panel')).toBeNull();
  });

  it('offers the HEIC conversion only when a page holds HEIC files', () => {
    open(files(3), false);
    expect(screen.queryByLabelText('Convert HEIC photos to JPEG')).toBeNull();
    act(() => downloadPanelStore.getState().close());
    cleanup();
    open([...files(2), { id: 'h', size: MIB, path: 'x.heic' }], false);
    expect(screen.getByRole('heading', { name: 'Download' })).toBeTruthy();
    const box = screen.getByLabelText<HTMLInputElement>('Convert HEIC photos to JPEG');
    fireEvent.click(box);
    expect(downloadPanelStore.getState().session?.heicToJpeg).toBe(true);
  });
});
