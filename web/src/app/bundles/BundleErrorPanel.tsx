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
 * heading (the route's title), the module and version that failed, and the one way on that can work.
 * A bundle that failed to load offers "Reload the page": the browser keeps a failed module import for
 * the page's life (its module map answers the same failure to every later import), so only a new page
 * loads it afresh, and a new page also gets the release now in service. A screen that threw while
 * rendering offers "Try again", which renders it afresh. The navigation around it keeps working.
 */
export function BundleErrorPanel({
  title,
  moduleName,
  bundle,
  error,
  onRetry,
  onReload,
}: {
  title: string;
  moduleName: string;
  bundle: Bundle;
  error: unknown;
  onRetry: () => void;
  onReload: () => void;
}) {
  const failedToLoad = isBundleLoadError(error);
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
        <button type="button" onClick={failedToLoad ? onReload : onRetry}>
          {failedToLoad ? 'Reload the page' : 'Try again'}
        </button>
      </div>
    </article>
  );
}
