import { Component, useContext, useEffect, useReducer, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { ScreenProps } from '../../screens/screenProps.ts';
import { BundleErrorPanel } from './BundleErrorPanel.tsx';
import { BundleSourceContext } from './bundleSource.ts';
import { forgetBundle, openBundle, openedAs, type Screens } from './openBundle.ts';

// What tells the opening's report how the screen fared (issue 39).
import type { ContextType } from 'react';
import { ScreenOutcomeContext } from '../screenReports/screenOutcome.ts';
import { ScreenShown } from '../screenReports/ScreenShown.tsx';

/** Holds a bundle's failures (to load, or to render) inside the content area. */
class BundleBoundary extends Component<{ fallback: (error: unknown) => ReactNode; children: ReactNode }, { failed: boolean; error?: unknown }> {
  override state: { failed: boolean; error?: unknown } = { failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  // The opening's report (issue 39) learns of the failure held here.
  static override contextType = ScreenOutcomeContext;
  declare context: ContextType<typeof ScreenOutcomeContext>;

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('module bundle failed', error, info.componentStack);
    this.context?.failed(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

type HostProps = ScreenProps & {
  /** What the shell compiles in for this route: shown when the bundle has no screen for it. */
  compiled: ComponentType<ScreenProps>;
};

/** The bundle's screen for the route's screen id, or the compiled-in one where the bundle has none. */
function BundleScreen({ screens, compiled: Compiled, ...props }: HostProps & { screens: Screens }) {
  const { route, title, params } = props;
  const Screen = route.screen === undefined ? undefined : screens[route.screen];
  return (
    <>
      {Screen ? <Screen routeName={route.name ?? route.fullPath} params={params} title={title} /> : <Compiled {...props} />}
      <ScreenShown />
    </>
  );
}

/**
 * What one opening of a bundle came to, read while rendering: undefined while it loads (the route
 * shows its loading state), its screens once loaded; a failure is thrown to the boundary, as a failed
 * import of the screen's code is. Not React.lazy or `use`: a screen revealed through a Suspense
 * boundary that showed its fallback is held back by React for up to 300 ms (decision 0027), which was
 * most of a bundle's first open. Rendered from state, it shows as soon as its files are here.
 */
function useOpened(opening: Promise<Screens>): Screens | undefined {
  const [, settle] = useReducer((n: number) => n + 1, 0);
  const outcome = openedAs(opening);
  useEffect(() => {
    if (outcome) return;
    let mounted = true;
    const rerender = () => {
      if (mounted) settle();
    };
    opening.then(rerender, rerender);
    return () => {
      mounted = false;
    };
  }, [opening, outcome]);
  if (outcome && 'failed' in outcome) throw outcome.failed;
  return outcome?.screens;
}

/** The screens of one opening of a bundle; one opening per attempt, so "Try again" gets a fresh one. */
function OpenedScreens({ opening, ...props }: HostProps & { opening: Promise<Screens> }) {
  const screens = useOpened(opening);
  if (!screens) {
    return (
      <p aria-busy="true" className="muted">
        Loading…
      </p>
    );
  }
  return <BundleScreen screens={screens} {...props} />;
}

/**
 * A route of a module whose release names a bundle (decision 0058): the bundle's screen for the
 * route's screen id, the compiled-in screen where the bundle has none, and the error panel where the
 * bundle cannot load (offering to reload the page) or throws (offering to try again, which imports it
 * again and renders afresh).
 */
export function BundleHost(props: HostProps) {
  const source = useContext(BundleSourceContext);
  const [attempt, setAttempt] = useState(0);
  const bundle = props.module.bundle!;
  const retry = () => {
    forgetBundle(bundle, source);
    setAttempt((n) => n + 1);
  };
  return (
    <BundleBoundary
      key={attempt}
      fallback={(error) => (
        <BundleErrorPanel title={props.title} moduleName={props.module.name} bundle={bundle} error={error} onRetry={retry} onReload={() => source.reload()} />
      )}
    >
      <OpenedScreens opening={openBundle(bundle, source)} {...props} />
    </BundleBoundary>
  );
}
