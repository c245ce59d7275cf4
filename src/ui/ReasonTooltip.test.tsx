// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_OPEN_DELAY_MS } from '../domain/constants';
import { ReasonTooltip } from './ReasonTooltip';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function show(onAct = vi.fn()) {
  render(
    <div>
      <ReasonTooltip
        reason="Needs a subscription"
        testId="gate"
        action={(close) => (
          <button
            type="button"
            onClick={() => {
              close();
              onAct();
            }}
          >
            Subscribe
          </button>
        )}
      >
        {(trigger) => (
          <button type="button" {...trigger}>
            Share
          </button>
        )}
      </ReasonTooltip>
      <button type="button">Elsewhere</button>
    </div>,
  );
  const control = screen.getByRole('button', { name: 'Share' });
  const bubble = screen.getByTestId('gate-tip');
  return { control, bubble };
}

describe('ReasonTooltip (SPEC §9: opens after 500 ms, max width 400)', () => {
  it('keeps the control focusable, unavailable and described by the reason', () => {
    const { control, bubble } = show();
    expect(control.getAttribute('aria-disabled')).toBe('true');
    expect(control.hasAttribute('disabled')).toBe(false);
    const described = document.getElementById(control.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Needs a subscription');
    expect(described?.getAttribute('role')).toBe('tooltip');
    expect(bubble.hidden).toBe(true);
    expect(bubble.style.maxWidth).toBe('400px');
  });

  it('opens 500 ms after the pointer arrives, not before, and closes when it leaves', () => {
    vi.useFakeTimers();
    const { control, bubble } = show();
    fireEvent.pointerEnter(control);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 1);
    });
    expect(bubble.hidden).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(bubble.hidden).toBe(false);
    fireEvent.pointerLeave(screen.getByTestId('gate'));
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(bubble.hidden).toBe(true);
  });

  it('opens on keyboard focus too; focus moving into the action keeps it open; Escape closes', () => {
    vi.useFakeTimers();
    const onAct = vi.fn();
    const { control, bubble } = show(onAct);
    act(() => control.focus());
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS);
    });
    expect(bubble.hidden).toBe(false);
    const subscribe = screen.getByText('Subscribe');
    act(() => subscribe.focus());
    expect(bubble.hidden).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(bubble.hidden).toBe(true);
    // Focus leaving the control closes it as well.
    act(() => control.focus());
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS);
    });
    expect(bubble.hidden).toBe(false);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(bubble.hidden).toBe(true);
  });

  it('a click (or tap) shows it at once and does nothing else; the action closes it', () => {
    const onAct = vi.fn();
    const { control, bubble } = show(onAct);
    fireEvent.click(control);
    expect(bubble.hidden).toBe(false);
    fireEvent.click(screen.getByText('Subscribe'));
    expect(onAct).toHaveBeenCalledTimes(1);
    expect(bubble.hidden).toBe(true);
  });
});
