import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isCustomerId } from '@platform/schemas';

export const USAGE = `usage: npm run manifests:publish -- --reason "why" [--dir route-manifests] [--pilot acme,globex] [--dry-run] [--url http://localhost:8080]

  --reason   why, for the release list and the audit (required unless --dry-run)
  --dir      the manifest folder to publish (default: route-manifests/ of this repository)
  --pilot    serve the release to these customers first instead of making it active for everyone
  --dry-run  validate and show the difference from the active release; change nothing
  --url      the service (default: PLATFORM_URL, else http://localhost:8080)

The service is reached over https; plain http only on this machine (localhost, 127.0.0.1, ::1).

Signs in with PLATFORM_ID_TOKEN, else PLATFORM_EMAIL and PLATFORM_PASSWORD (a staff user) at the user pool
these name, never one the service names:
  PLATFORM_USER_POOL_ID         the pool, e.g. eu-west-1_AbC123 (its region is the part before '_')
  PLATFORM_USER_POOL_CLIENT_ID  the web app's client id
  PLATFORM_USER_POOL_ENDPOINT   optional: a custom endpoint (the local identity provider:
                                http://localhost:8080/idp); https unless on this machine
Against a local or demo service with none of these set, as the demo staff account.`;

/** The command line was wrong: the message and the usage are printed, and the exit status is 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface PublishArgs {
  dir: string;
  url: string;
  /** Absent only with dryRun. */
  reason: string | undefined;
  /** Customers to pilot for; absent: activate for everyone. */
  pilot: string[] | undefined;
  dryRun: boolean;
  help: boolean;
}

/** Loopback names: a plain-http address there never leaves the machine. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether credentials may be sent to `url`: https anywhere, http only to this machine. On any other
 * http address a token or password crosses the network in clear, to whoever answers for the name.
 */
export function safeForCredentials(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
}

const DEFAULT_DIR = fileURLToPath(new URL('../../../route-manifests', import.meta.url));

const OPTIONS = {
  reason: { type: 'string' },
  dir: { type: 'string' },
  pilot: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The options of a command line, strictly: anything unknown or malformed is a UsageError. */
export function parseOptions<const T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** --pilot's customer ids, checked as the service's schema would, so that a typo costs no sign-in; undefined when not given. */
export function pilotCustomers(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const pilot = [
    ...new Set(
      value
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  if (!pilot.length) throw new UsageError('--pilot needs at least one customer id, e.g. --pilot acme,globex');
  const wrong = pilot.filter((c) => !isCustomerId(c));
  if (wrong.length) throw new UsageError(`--pilot: not a customer id: ${wrong.join(', ')} (lower-case letters, digits and dashes)`);
  return pilot;
}

/** The service's address: --url, else PLATFORM_URL, else this machine; https unless on this machine. */
export function serviceUrl(value: string | undefined, env: NodeJS.ProcessEnv): string {
  const url = value ?? (env.PLATFORM_URL || 'http://localhost:8080');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url: not an address: ${url}`);
  }
  if (!safeForCredentials(parsed))
    throw new UsageError(`--url: ${url} is not https: the staff token would cross the network in clear (http only to localhost, 127.0.0.1 or ::1)`);
  return url;
}

export function parsePublishArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): PublishArgs {
  const values = parseOptions(argv, OPTIONS);
  const dryRun = values['dry-run'] ?? false;
  const reason = values.reason?.trim() || undefined;
  if (!reason && !dryRun && !values.help) throw new UsageError('--reason is required (why this release, for the audit), unless --dry-run');
  const pilot = pilotCustomers(values.pilot);
  const url = serviceUrl(values.url, env);
  return { dir: resolve(values.dir ?? DEFAULT_DIR), url, reason, pilot, dryRun, help: values.help ?? false };
}
