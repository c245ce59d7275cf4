import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SomethingWentWrong } from './RouteErrorPage';
import { reportError } from '../platform/reportError';

interface State {
  failed: boolean;
}

/** Catches render errors outside the router (providers, overlays), where no errorElement reaches. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError({ error, componentStack: info.componentStack });
  }

  override render() {
    return this.state.failed ? <SomethingWentWrong /> : this.props.children;
  }
}
