import type { ReactNode } from 'react';

/** A whole-page state (loading, or an error with a retry), never a blank page. */
export function StatusPage({
  title,
  busy,
  onRetry,
  action,
  children,
}: {
  title: string;
  busy?: boolean;
  onRetry?: () => void;
  /** Another way on, beside Try again (Sign out, where trying again may never help). */
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main id="main" className="centered" aria-busy={busy ? true : undefined}>
      <div className="card" role={onRetry ? 'alert' : 'status'}>
        <h1>{title}</h1>
        {children && <p>{children}</p>}
        {onRetry && (
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        )}
        {action}
      </div>
    </main>
  );
}
