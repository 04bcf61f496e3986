import type { ReactNode } from 'react';
import { isBackendUnavailable } from '../api/apiErrors.ts';
import { errorText, failureText } from './errorText.ts';

interface ErrorNoticeProps {
  /** The error, or the sentence already written for it; nothing is shown without one. */
  error: unknown;
  /** What could not be done ("Cannot load the users", "Could not preview"): "{title}: {why}". Left out where the why says it already. */
  title?: string;
  /** Offers Try again, except where asking again cannot help (no such backend in this deployment). */
  onRetry?: () => void;
  /** More the user needs: the problems a refused set has, a way on. */
  children?: ReactNode;
}

/** Standing alone, the words start a sentence. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The one way an error reaches the user where they are working: an alert (announced at once), what
 * could not be done and why in the words of `errorText`, and Try again where that may help. Toasts
 * say the same through `failureText`; a whole page that cannot be shown is `app/StatusPage`.
 */
export function ErrorNotice({ error, title, onRetry, children }: ErrorNoticeProps) {
  if (error === undefined || error === null || error === '') return null;
  return (
    <div role="alert" className="notice notice-danger">
      <p>{title ? failureText(title, error) : sentence(errorText(error))}</p>
      {children}
      {onRetry && !isBackendUnavailable(error) && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
