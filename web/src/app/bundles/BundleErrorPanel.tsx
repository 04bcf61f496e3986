import { isBundleLoadError, type Bundle } from './openBundle.ts';

/** What went wrong, in the user's words; the technical message follows it for whoever reports it. */
function explanation(error: unknown): string {
  if (!isBundleLoadError(error)) return 'The screen stopped with an error.';
  switch (error.failure) {
    case 'not-on-page':
      return 'This page was opened before this version was released. Reload the page to use it.';
    case 'sdk-mismatch':
      return 'It was built for another version of the platform.';
    case 'not-loaded':
    case 'not-a-bundle':
      return 'Its files could not be loaded, or were refused because they are not the files that were released.';
  }
}

/**
 * What a module's screen shows in the content area when its bundle cannot be used: the page's one
 * heading (the route's title), the module and version that failed, and a way to try again. The
 * navigation around it keeps working.
 */
export function BundleErrorPanel({
  title,
  moduleName,
  bundle,
  error,
  onRetry,
}: {
  title: string;
  moduleName: string;
  bundle: Bundle;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <article className="screen">
      <h1>{title}</h1>
      <div className="card bundle-error" role="alert">
        <p>
          <strong>
            {moduleName} {bundle.version}
          </strong>{' '}
          could not show this screen. {explanation(error)}
        </p>
        {error instanceof Error && <p className="muted">{error.message}</p>}
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    </article>
  );
}
