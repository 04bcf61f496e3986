import { PlatformError } from '../../errors.ts';
import { manifestSetFromFiles, type LoadOptions, type ManifestSet } from '../../manifests/loadManifestSet.ts';
import { ManifestSetError } from '../../manifests/manifestProblem.ts';

/**
 * Files sent by an administrator as a manifest set, checked exactly as the folder is: the set, or a
 * 422 problem whose `problems` name each file, JSON pointer, rule and line (of the file as
 * JSON.stringify(…, null, 2) writes it, which is how the editor shows it), the first 100 of them, and
 * whose `moreProblems` counts the rest.
 */
export function validDraft(files: Readonly<Record<string, unknown>>, load: LoadOptions = {}): ManifestSet {
  try {
    return manifestSetFromFiles(files, load);
  } catch (error) {
    if (!(error instanceof ManifestSetError)) throw error;
    const count = error.problems.length + error.moreProblems;
    const listed = error.moreProblems ? ` (the first ${error.problems.length} listed)` : '';
    throw new PlatformError('CFG_ERR_MANIFEST_INVALID', `the manifest set has ${count} problem${count === 1 ? '' : 's'}${listed}; nothing was stored`, {
      extensions: { problems: error.problems, moreProblems: error.moreProblems },
    });
  }
}
