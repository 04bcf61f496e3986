import { lazy, type ComponentType, type ReactNode } from 'react';

/** A component whose code is fetched on first use; `preload` fetches it before then. */
export interface DeferredComponent<P extends object> {
  (props: P): ReactNode;
  displayName?: string;
  preload(): Promise<void>;
}

/**
 * A component from a chunk of its own. Once its code is here it renders directly, not through
 * React.lazy: a lazy component suspends on its first render even when the import has already
 * resolved, and React holds back what a boundary reveals after a fallback by up to 300 ms, which a
 * user would wait through after every sign-in. Preloaded, the path never suspends.
 */
export function deferred<P extends object>(name: string, load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a deploy replaced the chunk, the network blinked) may be tried again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetchCode() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module load, never during a render
  const Deferred = (props: P) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
  Deferred.displayName = `Deferred(${name})`;
  Deferred.preload = () => fetchCode().then(() => undefined);
  return Deferred;
}
