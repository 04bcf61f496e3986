import { existsSync, readFileSync } from 'node:fs';
import { inRepo } from '../repoPaths.ts';
import type { ScreenCatalogue } from './validateManifestSet.ts';

/** Where the web app lists its screens (kept in step with its registry by a unit test). */
export const DEFAULT_SCREEN_CATALOGUE = inRepo('web/src/screens/catalogue.json');

/** The web app's screens, or undefined where the web sources are not deployed (the rule is then skipped). */
export function readScreenCatalogue(file = DEFAULT_SCREEN_CATALOGUE): ScreenCatalogue | undefined {
  if (!existsSync(file)) return undefined;
  const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ScreenCatalogue>;
  return { screens: value.screens ?? [], layouts: value.layouts ?? [] };
}
