import { resolve } from 'node:path';
import { moduleManifestSchema } from '@platform/schemas';
import { parseOptions, pilotCustomers, serviceUrl, UsageError } from './publishArgs.ts';

export const MODULE_USAGE = `usage: npm run modules:publish -- --module lcc --version 1.4.2 --dir dist --reason "why" [--pilot acme,globex] [--dry-run] [--url http://localhost:8080]

  --module   the module whose screens these are (its key: lcc, mr, …)
  --version  the bundle's version (semver; a version once uploaded never changes)
  --dir      the module build's output folder: index.js and bundle.json ({"sdk": "^1.0.0"}) at its root
  --reason   why, for the release list and the audit (required unless --dry-run)
  --pilot    serve the release naming the bundle to these customers first instead of to everyone
  --dry-run  pack and check the folder as the service would, and show the difference; upload and change nothing
  --url      the service (default: PLATFORM_URL, else http://localhost:8080)

Uploads the folder as a gzipped tar, then publishes the active release with the module naming that
version. Signs in as npm run manifests:publish does (PLATFORM_ID_TOKEN, or PLATFORM_EMAIL and
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
}

const OPTIONS = {
  module: { type: 'string' },
  version: { type: 'string' },
  dir: { type: 'string' },
  reason: { type: 'string' },
  pilot: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const KEY = new RegExp(moduleManifestSchema.properties.key.pattern);
const VERSION = new RegExp(moduleManifestSchema.properties.bundle.properties.version.pattern);

export function parseModuleArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ModuleArgs {
  const values = parseOptions(argv, OPTIONS);
  const help = values.help ?? false;
  const dryRun = values['dry-run'] ?? false;
  const reason = values.reason?.trim() || undefined;
  const base = { url: serviceUrl(values.url, env), reason, pilot: pilotCustomers(values.pilot), dryRun, help };
  if (help) return { ...base, module: '', version: '', dir: '' };
  if (!values.module || !KEY.test(values.module)) throw new UsageError('--module names the module by its key (lower-case letters and digits: lcc, mr, …)');
  if (!values.version || !VERSION.test(values.version)) throw new UsageError('--version is a semantic version such as 1.4.2 or 2.0.0-rc.1');
  if (!values.dir) throw new UsageError("--dir names the module build's output folder");
  if (!reason && !dryRun) throw new UsageError('--reason is required (why this release, for the audit), unless --dry-run');
  return { ...base, module: values.module, version: values.version, dir: resolve(values.dir) };
}
