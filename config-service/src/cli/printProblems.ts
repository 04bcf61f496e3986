import type { ManifestFileProblem } from '@platform/schemas';
import { formatProblem, moreLine } from '../manifests/manifestProblem.ts';

/**
 * Prints manifest problems to standard error as `npm run manifests:check` always has: a count naming
 * where they were found, then each as `file:line:column pointer [rule] message` with its hint. `folder`
 * prefixes each file so an editor run from the working directory can jump to it. `more` problems were
 * found past those listed (the check lists the first 100): the count includes them, a last line says so.
 */
export function printProblems(problems: readonly ManifestFileProblem[], where: string, folder?: string, more = 0): void {
  const total = problems.length + more;
  console.error(`manifests: ${total} problem${total === 1 ? '' : 's'} in ${where}`);
  for (const problem of problems) console.error(formatProblem(folder ? { ...problem, file: `${folder}/${problem.file}` } : problem));
  for (const line of moreLine(more)) console.error(line);
}
