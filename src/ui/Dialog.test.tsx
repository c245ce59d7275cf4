// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKDROP_GRACE_MS, Dialog, dialogWidth } from './Dialog';

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function open(onClose: () => void) {
  render(
    <Dialog open title="Delete?" onClose={onClose}>
      <p>Body</p>
    </Dialog>,
  );
  return screen.getByRole('dialog');
}

function clickBackdrop(dialog: HTMLElement) {
  fireEvent.pointerDown(dialog);
  fireEvent.click(dialog);
}

describe('Dialog backdrop', () => {
  it('ignores the second click of the double click that opened it', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const onClose = vi.fn();
    const dialog = open(onClose);
    vi.advanceTimersByTime(120);
    clickBackdrop(dialog);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(BACKDROP_GRACE_MS);
    clickBackdrop(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close when a press inside ends on the backdrop', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const onClose = vi.fn();
    const dialog = open(onClose);
    vi.advanceTimersByTime(BACKDROP_GRACE_MS + 1);
    fireEvent.pointerDown(screen.getByText('Body'));
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape (cancel) at once', () => {
    const onClose = vi.fn();
    const dialog = open(onClose);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('dialogWidth', () => {
  it('keeps the SPEC width up to an 18-px root and grows with a TV root past it', () => {
    const width = dialogWidth(512);
    expect(width).toBe('min(max(512px, 28.4444rem), calc(100vw - 32px))');
    // At the 18-px TV base the rem part is the SPEC's 512 px; at 3,840 px (32-px root) 910 px.
    const rem = Number(/max\(512px, ([\d.]+)rem\)/.exec(width)![1]);
    expect(rem * 18).toBeCloseTo(512, 0);
    expect(Math.round(rem * 32)).toBe(910);
    expect(rem * 16).toBeLessThan(512);
  });
});
