import { Component, type ReactNode } from 'react';
import { GlobalErrorScreen } from '@pentland/ui';

interface State {
  failed: boolean;
}

/** An unrecoverable render failure shows the global error screen; Refresh Page reloads. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Unrecoverable error:', error);
  }

  override render() {
    return this.state.failed ? (
      <GlobalErrorScreen onRefresh={() => window.location.reload()} />
    ) : (
      this.props.children
    );
  }
}
