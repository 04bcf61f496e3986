import type { ModuleView, ResolvedRoute } from '@platform/schemas';

/** What every screen receives from the renderer. */
export interface ScreenProps {
  route: ResolvedRoute;
  module: ModuleView;
  /** The route's title with its parameters filled in; the screen's h1. */
  title: string;
  params: Readonly<Record<string, string | undefined>>;
}
