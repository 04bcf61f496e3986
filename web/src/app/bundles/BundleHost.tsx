import { Component, lazy, useContext, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { ScreenProps } from '../../screens/screenProps.ts';
import { BundleErrorPanel } from './BundleErrorPanel.tsx';
import { BundleSourceContext } from './bundleSource.ts';
import { forgetBundle, openBundle, screensOpened, type Screens } from './openBundle.ts';

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

const loaded = new WeakMap<Promise<Screens>, ComponentType<HostProps>>();

/**
 * The screens of one opening of a bundle, as a lazy component: while the bundle loads, ScreenHost's
 * boundary shows the loading state (decision 0027); once loaded, every screen of the module renders
 * at once. One per opening, so "Try again" gets a fresh one instead of the failure kept by the last.
 */
function screensOf(opening: Promise<Screens>): ComponentType<HostProps> {
  let Screens = loaded.get(opening);
  if (!Screens) {
    const ready = screensOpened(opening);
    // Already opened (prefetched, or opened before): rendered directly. A lazy component suspends on
    // its first render even then, and React holds back what a boundary reveals by up to 300 ms.
    Screens = ready
      ? (props: HostProps) => <BundleScreen screens={ready} {...props} />
      : lazy(() => opening.then((screens) => ({ default: (props: HostProps) => <BundleScreen screens={screens} {...props} /> })));
    loaded.set(opening, Screens);
  }
  return Screens;
}

/**
 * A route of a module whose release names a bundle (decision 0058): the bundle's screen for the
 * route's screen id, the compiled-in screen where the bundle has none, and the error panel where the
 * bundle cannot load or throws. "Try again" imports it again and renders afresh.
 */
export function BundleHost(props: HostProps) {
  const source = useContext(BundleSourceContext);
  const [attempt, setAttempt] = useState(0);
  const bundle = props.module.bundle!;
  const Screens = screensOf(openBundle(bundle, source));
  const retry = () => {
    forgetBundle(bundle, source);
    setAttempt((n) => n + 1);
  };
  return (
    <BundleBoundary
      key={attempt}
      fallback={(error) => <BundleErrorPanel title={props.title} moduleName={props.module.name} bundle={bundle} error={error} onRetry={retry} />}
    >
      <Screens {...props} />
    </BundleBoundary>
  );
}
