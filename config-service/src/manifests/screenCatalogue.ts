import { existsSync, readFileSync } from 'node:fs';
import { inRepo } from '../repoPaths.ts';

/** The screens the web app has: ids with a component of their own, and layouts. */
export interface ScreenCatalogue {
  screens: readonly string[];
  layouts: readonly string[];
}

/** Where the web app's screens are listed, beside the contracts (generated from its registry by scripts/schemasToTs.mjs). */
const DEFAULT_SCREEN_CATALOGUE = inRepo('schemas/screen-catalogue.json');

/** The web app's screens, or undefined where the file is not deployed (the rule is then skipped). */
export function readScreenCatalogue(file = DEFAULT_SCREEN_CATALOGUE): ScreenCatalogue | undefined {
  if (!existsSync(file)) return undefined;
  const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ScreenCatalogue>;
  return { screens: value.screens ?? [], layouts: value.layouts ?? [] };
}
