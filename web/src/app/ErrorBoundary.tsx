import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StatusPage } from './StatusPage.tsx';

/** Last line of defence: a screen that throws while rendering shows an error page, never a blank one. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <StatusPage title="Something went wrong" onRetry={() => window.location.reload()}>
        This page could not be shown. Try again; if it keeps happening, tell your administrator what you were doing.
      </StatusPage>
    );
  }
}
