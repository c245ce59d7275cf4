// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { dialogStore } from '../../state/dialogs';
import { longTaskStore } from '../../state/longTasks';
import { LeaveWarning } from './LeaveWarning';

afterEach(() => {
  cleanup();
  dialogStore.setState({ queue: [] });
  longTaskStore.setState({ running: { delete: 0, restore: 0, copy: 0, download: 0 } });
});

function app() {
  const router = createMemoryRouter(
    [
      { path: '/photos', element: <LeaveWarning /> },
      { path: '/albums', element: <LeaveWarning /> },
    ],
    { initialEntries: ['/photos'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const leaveDialog = () =>
  dialogStore.getState().queue.find((d) => d.body.key === 'timeline.leave.body');

/** Stay (false) or Leave (true) in the leave dialog, and let the router act on it. */
function answer(leave: boolean): Promise<void> {
  return act(() => {
    dialogStore.getState().settle(leaveDialog()!.id, leave);
    return Promise.resolve();
  });
}

/** A reload or a closed tab: whether the browser would ask first. */
function unloadIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('LeaveWarning: "Changes might be lost" (SPEC §8)', () => {
  it('nothing pending: leaving and reloading ask nothing', async () => {
    const router = app();
    await act(() => router.navigate('/albums'));
    expect(router.state.location.pathname).toBe('/albums');
    expect(leaveDialog()).toBeUndefined();
    expect(unloadIsHeld()).toBe(false);
  });

  it.each(['delete', 'restore', 'copy', 'download'] as const)(
    'while a %s is pending, another page asks first; Stay stays, Leave goes',
    async (kind) => {
      const router = app();
      const end = longTaskStore.getState().begin(kind);
      expect(unloadIsHeld()).toBe(true);
      await act(() => router.navigate('/albums'));
      const asked = leaveDialog();
      expect(asked).toBeDefined();
      await answer(false);
      expect(router.state.location.pathname).toBe('/photos');
      await act(() => router.navigate('/albums'));
      await answer(true);
      expect(router.state.location.pathname).toBe('/albums');
      end();
      expect(unloadIsHeld()).toBe(false);
    },
  );

  it('a task that ended in the same tick as the navigation lets the user go', async () => {
    const router = app();
    const end = longTaskStore.getState().begin('delete');
    await act(() => {
      end();
      return router.navigate('/albums');
    });
    expect(router.state.location.pathname).toBe('/albums');
    expect(leaveDialog()).toBeUndefined();
  });
});
