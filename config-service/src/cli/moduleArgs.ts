import { resolve } from 'node:path';
import { moduleManifestSchema } from '@platform/schemas';
import { parseOptions, pilotCustomers, serviceUrl, UsageError } from './publishArgs.ts';

export const MODULE_USAGE = `usage: npm run modules:publish -- --module lcc --version 1.4.2 --dir dist --reason "why" [--pilot acme,globex] [--dry-run] [--oidc-token-env ACTIONS_ID_TOKEN] [--url http://localhost:8080]

  --module   the module whose screens these are (its key: lcc, mr, …)
  --version  the bundle's version (semver; a version once uploaded never changes)
  --dir      the module build's output folder: index.js and bundle.json ({"sdk": "^1.0.0"}) at its root
  --reason   why, for the release list and the audit (required unless --dry-run)
  --pilot    serve the release naming the bundle to these customers first instead of to everyone
  --dry-run  pack and check the folder as the service would, and show the difference; upload and change nothing
  --url      the service (default: PLATFORM_URL, else http://localhost:8080)
  --oidc-token-env
             the variable holding the CI's OpenID Connect token: exchanged for a publish token of a
             trusted publisher (Settings → Publishers), and nothing else is used to sign in

Uploads the folder as a gzipped tar, then publishes the active release with the module naming that
version. From CI, --oidc-token-env (docs/modules.md, "Publish from CI"). Else signs in as npm run manifests:publish does (PLATFORM_ID_TOKEN, or PLATFORM_EMAIL and
PLATFORM_PASSWORD with PLATFORM_USER_POOL_ID and PLATFORM_USER_POOL_CLIENT_ID; the demo staff account
against a local or demo service).`;

export interface ModuleArgs {
  module: string;
  version: string;
  dir: string;
  url: string;
  reason: string | undefined;
  pilot: string[] | undefined;
  dryRun: boolean;
  help: boolean;
  /** The variable holding a CI's OIDC token to exchange for a publish token; undefined: a person's sign-in. */
  oidcTokenEnv: string | undefined;
}

const OPTIONS = {
  module: { type: 'string' },
  version: { type: 'string' },
  dir: { type: 'string' },
  reason: { type: 'string' },
  pilot: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  url: { type: 'string' },
  'oidc-token-env': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const KEY = new RegExp(moduleManifestSchema.properties.key.pattern);
/** A variable's name as shells and CI systems write them. */
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const VERSION = new RegExp(moduleManifestSchema.properties.bundle.properties.version.pattern);

export function parseModuleArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ModuleArgs {
  const values = parseOptions(argv, OPTIONS);
  const help = values.help ?? false;
  const dryRun = values['dry-run'] ?? false;
  const reason = values.reason?.trim() || undefined;
  const oidcTokenEnv = values['oidc-token-env'];
  // The variable's name, not the token: a token pasted here would end up in the CI's log and process list.
  if (oidcTokenEnv !== undefined && !VARIABLE.test(oidcTokenEnv))
    throw new UsageError('--oidc-token-env names the variable that holds the OIDC token (e.g. ACTIONS_ID_TOKEN), not the token itself');
  const base = { url: serviceUrl(values.url, env), reason, pilot: pilotCustomers(values.pilot), dryRun, help, oidcTokenEnv };
  if (help) return { ...base, module: '', version: '', dir: '' };
  if (!values.module || !KEY.test(values.module)) throw new UsageError('--module names the module by its key (lower-case letters and digits: lcc, mr, …)');
  if (!values.version || !VERSION.test(values.version)) throw new UsageError('--version is a semantic version such as 1.4.2 or 2.0.0-rc.1');
  if (!values.dir) throw new UsageError("--dir names the module build's output folder");
  if (!reason && !dryRun) throw new UsageError('--reason is required (why this release, for the audit), unless --dry-run');
  return { ...base, module: values.module, version: values.version, dir: resolve(values.dir) };
}
