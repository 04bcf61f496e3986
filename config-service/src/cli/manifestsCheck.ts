// `npm run manifests:check [dir]`: validates route-manifests/ (or the folder given) as the service
// does, across files too, and against the screens the web app has. Prints every problem as
// `file:line:column pointer [rule] message` with a hint, and exits non-zero on any.
import { relative, resolve } from 'node:path';
import { loadManifestSet } from '../manifests/loadManifestSet.ts';
import { formatProblem, ManifestSetError } from '../manifests/manifestProblem.ts';
import { readScreenCatalogue } from '../manifests/screenCatalogue.ts';

const dir = resolve(process.argv[2] ?? new URL('../../../route-manifests', import.meta.url).pathname);
const shown = relative(process.cwd(), dir) || '.';
const screens = readScreenCatalogue();
try {
  const set = loadManifestSet(dir, { screens });
  console.log(`manifests: ${set.modules.size} files valid in ${shown} (version ${set.version})${screens ? '' : '; screens not checked (no web/src/screens/catalogue.json)'}`);
} catch (error) {
  if (!(error instanceof ManifestSetError)) throw error;
  console.error(`manifests: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'} in ${shown}`);
  for (const problem of error.problems) console.error(formatProblem({ ...problem, file: `${shown}/${problem.file}` }));
  process.exit(1);
}
