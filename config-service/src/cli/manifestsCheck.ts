// `npm run manifests:check`: validates route-manifests/ (or the folder given) as the service would
// at start, prints every problem with file, JSON pointer and rule, and exits non-zero on any.
import { resolve } from 'node:path';
import { loadManifestSet } from '../manifests/loadManifestSet.ts';
import { formatProblem, ManifestSetError } from '../manifests/manifestProblem.ts';

const dir = resolve(process.argv[2] ?? new URL('../../../route-manifests', import.meta.url).pathname);
try {
  const set = loadManifestSet(dir);
  console.log(`manifests: ${set.modules.size} files valid in ${dir} (version ${set.version})`);
} catch (error) {
  if (!(error instanceof ManifestSetError)) throw error;
  console.error(`manifests: ${error.problems.length} problem(s) in ${dir}`);
  for (const problem of error.problems) console.error(formatProblem(problem));
  process.exit(1);
}
