// `npm run modules:publish`: a module team's build uploaded as a bundle and named in a release, one
// command for CI. The folder is packed and checked here exactly as the service checks an upload, so a
// broken build never leaves the machine; the release is the active one with only the module's
// bundle version changed, published and made active (or the pilot) against the state it was read
// from (If-Match), as npm run manifests:publish does.
import type { PublicConfig, ReleaseFiles } from '@platform/schemas';
import { readBundle } from '../bundles/readBundle.ts';
import { isPlatformError } from '../errors.ts';
import { manifestSetFromFiles } from '../manifests/loadManifestSet.ts';
import { compareReleases } from '../releases/compareReleases.ts';
import { describeDiff } from './describeDiff.ts';
import { MODULE_USAGE, parseModuleArgs, type ModuleArgs } from './moduleArgs.ts';
import { packBundle } from '../bundles/packBundle.ts';
import { printProblems } from './printProblems.ts';
import { exchangeOidcToken, oidcTokenFrom } from './publishToken.ts';
import { describeState, failure, stepRelease } from './releaseStep.ts';
import { publicConfig, ReleasesClient, ServiceAnswerError } from './releasesClient.ts';
import { DEMO_STAFF, signIn } from './signIn.ts';

const COMMAND = 'modules:publish';
/** A refusal after the exchange is of the publish token: what it may not do, not a missing staff role. */
const PUBLISHER_HINTS = {
  401: ' (the publish token was refused: it lives 15 minutes; run again for a new one)',
  403: " (a publish token may only upload its modules' bundles and publish, pilot or promote a release that changes only their bundle)",
};

/** The release's files with `module` naming bundle `version`; undefined when no file is that module's. */
function naming(files: ReleaseFiles, module: string, version: string): ReleaseFiles | undefined {
  const file = Object.keys(files).find((name) => (files[name] as { key?: unknown } | null)?.key === module && name !== 'registry.json');
  if (!file) return undefined;
  return { ...files, [file]: { ...(files[file] as object), bundle: { version } } };
}

/** A person's (or a staff token's) sign-in, as npm run manifests:publish signs in. */
async function personSignIn(base: string, config: PublicConfig, env: NodeJS.ProcessEnv): Promise<string> {
  const user = await signIn(base, config, env);
  console.log(user.demo ? `signed in as the demo staff account ${DEMO_STAFF.email}` : `signed in ${user.how}`);
  return user.token;
}

/** CI's sign-in: its OIDC token exchanged for a publish token; undefined (said why) when that token may not publish the module. */
async function publisherSignIn(args: ModuleArgs, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const variable = args.oidcTokenEnv!;
  const issued = await exchangeOidcToken(args.url, oidcTokenFrom(variable, env), variable);
  console.log(`signed in with the OIDC token in ${variable}: a publish token for ${issued.modules.join(', ')} until ${issued.expiresAt}`);
  // Said here, before the upload the service would refuse: the publisher is registered for other modules.
  if (!issued.modules.includes(args.module)) {
    console.error(`${COMMAND}: this publisher may publish ${issued.modules.join(', ') || 'no module'}, not '${args.module}'; nothing uploaded`);
    return undefined;
  }
  return issued.token;
}

async function publishModule(args: ModuleArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const gzipped = await packBundle(args.dir);
  try {
    const checked = await readBundle(gzipped);
    const bytes = checked.files.reduce((sum, f) => sum + f.content.length, 0);
    console.log(`bundle: ${checked.files.length} files, ${bytes} bytes (${gzipped.length} gzipped) in ${args.dir}, built for module SDK ${checked.sdk}`);
  } catch (error) {
    if (!isPlatformError(error)) throw error;
    console.error(`${COMMAND}: ${error.detail ?? error.title}`);
    return 1;
  }

  const config = await publicConfig(args.url);
  const token = args.oidcTokenEnv ? await publisherSignIn(args, env) : await personSignIn(args.url, config, env);
  if (!token) return 1;
  const client = new ReleasesClient(args.url, token);
  const state = await client.list();
  console.log(`the service: ${describeState(state)}; module SDK ${config.moduleSdkVersion}`);
  const active = await client.get(state.active);
  const files = naming(active.files, args.module, args.version);
  if (!files) {
    console.error(`${COMMAND}: the active release has no module '${args.module}'; nothing uploaded`);
    return 1;
  }
  const [before, after] = [manifestSetFromFiles(active.files), manifestSetFromFiles(files)];
  console.log(`\ndifference from the active release ${state.active}${args.pilot ? ` (what ${args.pilot.join(', ')} will see change)` : ''}:`);
  for (const line of describeDiff(compareReleases(before, after, config.productName))) console.log(line);
  console.log('');
  if (args.dryRun) {
    console.log('dry run: nothing uploaded, nothing published, nothing changed');
    return 0;
  }
  const reason = args.reason!;

  try {
    const { bundle, created } = await client.uploadBundle(args.module, args.version, gzipped);
    console.log(
      created ? `uploaded ${bundle.entry}` : `${bundle.entry} was uploaded before with these files (${bundle.uploadedAt} by ${bundle.uploadedBy.email})`,
    );
  } catch (error) {
    if (!(error instanceof ServiceAnswerError) || error.status < 400 || error.status >= 500 || error.status === 401 || error.status === 403) throw error;
    console.error(`${COMMAND}: ${error.message}${typeof error.problem.file === 'string' ? ` [${error.problem.file}]` : ''}; nothing published`);
    return 1;
  }
  if (after.release === state.active) {
    console.log(`the active release already names ${args.module} ${args.version}, for everyone: nothing changed`);
    return 0;
  }
  let release: string;
  try {
    const published = await client.publish(files, reason);
    release = published.release.id;
    console.log(published.created ? `published release ${release}` : `release ${release} was published before`);
  } catch (error) {
    if (!(error instanceof ServiceAnswerError) || error.status !== 422 || !error.problem.problems) throw error;
    printProblems(error.problem.problems, "the release (the service's check)", undefined, error.problem.moreProblems);
    console.error(`${COMMAND}: the service refused the release; the bundle is uploaded, nothing published`);
    return 1;
  }
  return stepRelease(client, { release, reason, pilot: args.pilot, state }, COMMAND);
}

/** The command as `npm run modules:publish` runs it: the exit status (0 done, 1 refused or failed, 2 wrong command line). */
export async function modulesPublish(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let hints: typeof PUBLISHER_HINTS | undefined;
  try {
    const args = parseModuleArgs(argv, env);
    if (args.help) {
      console.log(MODULE_USAGE);
      return 0;
    }
    if (args.oidcTokenEnv) hints = PUBLISHER_HINTS;
    return await publishModule(args, env);
  } catch (error) {
    return failure(COMMAND, MODULE_USAGE, error, hints);
  }
}
