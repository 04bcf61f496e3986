import { formatProblem, type LocatedProblem } from '../manifests/manifestProblem.ts';

/**
 * Prints manifest problems to standard error as `npm run manifests:check` always has: a count naming
 * where they were found, then each as `file:line:column pointer [rule] message` with its hint. `folder`
 * prefixes each file so an editor run from the working directory can jump to it.
 */
export function printProblems(problems: readonly LocatedProblem[], where: string, folder?: string): void {
  console.error(`manifests: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${where}`);
  for (const problem of problems) console.error(formatProblem(folder ? { ...problem, file: `${folder}/${problem.file}` } : problem));
}
