// `npm run manifests:publish -- --reason "…" [--dir …] [--pilot acme,globex] [--dry-run] [--url …]`:
// publishes a manifest folder as a release and makes it active (or the pilot for named customers),
// for CI and GitOps. The folder is validated here first exactly as the service validates it, so a
// broken folder never reaches the service; then the difference from the active release is printed,
// so the job's log says what users will see change. Activation names the active release it was
// compared against (If-Match): a release activated by someone else meanwhile is never overwritten
// unseen. Exit status: 0 done or nothing to do, 1 refused or failed, 2 wrong command line.
import type { ManifestFileProblem } from '@platform/schemas';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadManifestSet, manifestSetFromFiles, type ManifestSet } from '../manifests/loadManifestSet.ts';
import { ManifestSetError } from '../manifests/manifestProblem.ts';
import { readScreenCatalogue } from '../manifests/screenCatalogue.ts';
import { compareReleases } from '../releases/compareReleases.ts';
import { describeDiff } from './describeDiff.ts';
import { printProblems } from './printProblems.ts';
import { parsePublishArgs, USAGE, type PublishArgs } from './publishArgs.ts';
import { publicConfig, ReleasesClient, ServiceAnswerError } from './releasesClient.ts';
import { describeState, failure, stepRelease } from './releaseStep.ts';
import { DEMO_STAFF, signIn } from './signIn.ts';

const sameCustomers = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/**
 * The service locates its problems in each file as JSON.stringify(value, null, 2) writes it; those
 * lines and columns are kept only for a file written exactly so, where they are right in the folder too.
 */
function inFolderTerms(problems: ManifestFileProblem[], dir: string, set: ManifestSet): ManifestFileProblem[] {
  // Each file is read and compared once, however many of its problems there are.
  const asWritten = new Map<string, boolean>();
  const writtenSo = (file: string) => {
    let text: string | undefined;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch {
      text = undefined;
    }
    return text !== undefined && text.trimEnd() === JSON.stringify(set.contents[file], null, 2);
  };
  return problems.map((problem) => {
    if (!asWritten.has(problem.file)) asWritten.set(problem.file, writtenSo(problem.file));
    if (asWritten.get(problem.file)) return problem;
    const { line: _line, column: _column, ...rest } = problem;
    return rest;
  });
}

async function publish(args: PublishArgs): Promise<number> {
  const shown = relative(process.cwd(), args.dir) || '.';
  let set: ManifestSet;
  try {
    set = loadManifestSet(args.dir, { screens: readScreenCatalogue() });
  } catch (error) {
    if (!(error instanceof ManifestSetError)) throw error;
    printProblems(error.problems, shown, shown, error.moreProblems);
    console.error('manifests:publish: nothing published');
    return 1;
  }
  console.log(`manifests: ${set.modules.size} files valid in ${shown}: release ${set.release}`);

  const config = await publicConfig(args.url);
  const user = await signIn(args.url, config);
  console.log(
    user.demo
      ? `signed in as the demo staff account ${DEMO_STAFF.email}: the service at ${args.url} is '${config.environment}' and neither PLATFORM_ID_TOKEN nor PLATFORM_EMAIL is set`
      : `signed in ${user.how}`,
  );
  const client = new ReleasesClient(args.url, user.token);
  const state = await client.list();
  console.log(`the service: ${describeState(state)}`);

  if (args.pilot) {
    if (state.pilot?.release === set.release && sameCustomers(state.pilot.customers, args.pilot)) {
      console.log(`release ${set.release} is already the pilot for exactly ${args.pilot.join(', ')}: nothing changed`);
      return 0;
    }
    if (state.active === set.release) {
      console.log(`release ${set.release} is already active for everyone (${args.pilot.join(', ')} included): nothing to pilot, nothing changed`);
      return 0;
    }
    if (state.pilot?.release === set.release)
      console.log(`release ${set.release} is the pilot now for ${state.pilot.customers.join(', ')}; it is to be for ${args.pilot.join(', ')}`);
  } else if (state.active === set.release) {
    console.log(`release ${set.release} is already active: nothing changed`);
    return 0;
  }

  const active = await client.get(state.active);
  // Built without the screen check: the service accepted it, and this checkout's web app may be older or newer.
  const activeSet = manifestSetFromFiles(active.files);
  console.log(`\ndifference from the active release ${state.active} to ${set.release}${args.pilot ? ` (what ${args.pilot.join(', ')} will see change)` : ''}:`);
  for (const line of describeDiff(compareReleases(activeSet, set, config.productName))) console.log(line);
  console.log('');

  if (args.dryRun) {
    console.log('dry run: nothing published, nothing changed');
    return 0;
  }
  const reason = args.reason!;

  let published: Awaited<ReturnType<ReleasesClient['publish']>>;
  try {
    published = await client.publish(set.contents, reason);
  } catch (error) {
    if (!(error instanceof ServiceAnswerError) || error.status !== 422 || !error.problem.problems) throw error;
    printProblems(inFolderTerms(error.problem.problems, args.dir, set), `${shown} (the service's check)`, shown, error.problem.moreProblems);
    console.error('manifests:publish: the service refused the release; nothing published');
    return 1;
  }
  const { release, created } = published;
  console.log(
    created
      ? `published release ${release.id}`
      : `release ${release.id} was published before (${release.publishedAt} by ${release.author.email || release.author.sub}: ${release.reason})`,
  );
  if (release.id !== set.release) console.log(`note: the service stored it as ${release.id}, where this folder's id is ${set.release}`);

  return stepRelease(client, { release: release.id, reason, pilot: args.pilot, state }, 'manifests:publish');
}

async function main(argv: string[]): Promise<number> {
  try {
    const args = parsePublishArgs(argv);
    if (args.help) {
      console.log(USAGE);
      return 0;
    }
    return await publish(args);
  } catch (error) {
    return failure('manifests:publish', USAGE, error);
  }
}

process.exit(await main(process.argv.slice(2)));
