import type { ReactNode } from 'react';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

/** What a screen shows while its data is not there: loading, or the error with a retry. */
export function LoadState({ what, error, onRetry }: { what: string; error?: Error | null; onRetry?: () => void }) {
  if (!error) {
    return (
      <p className="muted" role="status" aria-live="polite">
        Loading {what}…
      </p>
    );
  }
  return <ErrorNotice title={`Cannot load ${what}`} error={error} onRetry={onRetry} />;
}

/** A list with nothing in it says so, and why that may be. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      {children}
    </div>
  );
}
