import { Component, useEffect, useState, type ReactNode } from 'react';
import { onSeam, seamFails } from './testSeams';

interface Props {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Catches what the library throws while rendering (SPEC §8 "unexpected"): the editor reports it
 * and shows its modal instead of taking the viewer down with it.
 */
export class EditorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Inside the boundary: throws during render when a test injects the `unexpected` failure, the
 * way a library bug would (test builds only; see testSeams.ts).
 */
export function UnexpectedProbe() {
  // Kept failing once armed: React renders a failed component again before it gives up.
  const [failing, setFailing] = useState(false);
  useEffect(
    () =>
      onSeam(() => {
        if (seamFails('unexpected')) setFailing(true);
      }),
    [],
  );
  if (failing) throw new Error('unexpected failure injected by a test');
  return null;
}
