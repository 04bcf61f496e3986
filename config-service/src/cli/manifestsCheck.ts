// `npm run manifests:check [dir]`: validates route-manifests/ (or the folder given) as the service
// does, across files too, and against the screens the web app has. Prints every problem as
// `file:line:column pointer [rule] message` with a hint, and exits non-zero on any. A module's bundle
// is checked for its form only: whether that version was uploaded, and for which SDK, only the service
// knows, and it refuses a release naming one it cannot serve (decision 0056).
import { relative, resolve } from 'node:path';
import { loadManifestSet } from '../manifests/loadManifestSet.ts';
import { namedBundles } from '../bundles/namedBundles.ts';
import { ManifestSetError } from '../manifests/manifestProblem.ts';
import { readScreenCatalogue } from '../manifests/screenCatalogue.ts';
import { printProblems } from './printProblems.ts';

const dir = resolve(process.argv[2] ?? new URL('../../../route-manifests', import.meta.url).pathname);
const shown = relative(process.cwd(), dir) || '.';
const screens = readScreenCatalogue();
try {
  const set = loadManifestSet(dir, { screens });
  console.log(
    `manifests: ${set.modules.size} files valid in ${shown} (version ${set.release})${screens ? '' : '; screens not checked (no schemas/screen-catalogue.json)'}`,
  );
  const bundles = namedBundles(set).map((b) => `${b.module} ${b.version}`);
  if (bundles.length)
    console.log(
      `manifests: bundles named (${bundles.join(', ')}): not checked here; publishing refuses a version never uploaded or built for another module SDK`,
    );
} catch (error) {
  if (!(error instanceof ManifestSetError)) throw error;
  printProblems(error.problems, shown, shown, error.moreProblems);
  process.exit(1);
}
