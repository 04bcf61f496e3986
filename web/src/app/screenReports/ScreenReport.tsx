import { Component, type ReactNode } from 'react';
import type { ModuleView } from '@platform/schemas';
import { reportScreen, type Revise, type ScreenEvent } from '../../api/screenReports.ts';
import { isBundleLoadError } from '../bundles/openBundle.ts';
import { ScreenOutcomeContext, type ScreenOutcome } from './screenOutcome.ts';

/** The platform's own screens (the top-level pages, the dashboard, Settings) are no module team's to watch. */
const OWN_MODULES = new Set(['shell', 'dash']);

type Props = { module: ModuleView; children: ReactNode };
type State = { error?: unknown; passOn: boolean };

/**
 * One opening of a module screen (issue 39): reports once how it fared (shown, with the time from the
 * navigation to its first render; its bundle failed to load; it threw while rendering), for the
 * module's bundle version. Keyed by the address outside the screen's Suspense boundary, so it is
 * created as the navigation starts and lives through the loading state. A bundle's failures reach it
 * from the bundle's own boundary (through ScreenOutcomeContext); a compiled-in screen's it catches
 * itself, and passes on to the app's boundary, which shows what it always did.
 */
export class ScreenReport extends Component<Props, State> {
  override state: State = { passOn: false };
  private readonly openedAt = performance.now();
  private outcome: 'shown' | 'failed' | undefined;
  private revise: Revise | undefined;

  private event(kind: ScreenEvent['kind']): ScreenEvent {
    return { moduleKey: this.props.module.key, bundleVersion: this.props.module.bundle?.version ?? null, kind };
  }

  private readonly report: ScreenOutcome = {
    shown: () => {
      if (this.outcome || OWN_MODULES.has(this.props.module.key)) return;
      this.outcome = 'shown';
      this.revise = reportScreen({ ...this.event('shown'), openMs: Math.round(performance.now() - this.openedAt) });
    },
    failed: (error) => {
      if (this.outcome === 'failed' || OWN_MODULES.has(this.props.module.key)) return;
      const failure = this.event(isBundleLoadError(error) ? 'load-failed' : 'render-failed');
      // Shown first and failed soon after (on its data, say): the opening counts once, as failed, if
      // the shown report has not gone yet.
      if (this.outcome === 'shown') this.revise?.(failure);
      else reportScreen(failure);
      this.outcome = 'failed';
    },
  };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    this.report.failed(error);
    this.setState({ passOn: true });
  }

  override render() {
    // Thrown again once reported (componentDidCatch runs only for a boundary that rendered its fallback).
    if (this.state.passOn) throw this.state.error;
    if ('error' in this.state) return null;
    return <ScreenOutcomeContext value={this.report}>{this.props.children}</ScreenOutcomeContext>;
  }
}
