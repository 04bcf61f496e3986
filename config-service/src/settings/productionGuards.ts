import type { Variable } from './environmentSchema.ts';
import type { MessagingSettings } from './messagingSettings.ts';
import { SettingsError, type SettingsProblem } from './settingsError.ts';

/**
 * The one environment that takes every shortcut without an ALLOW_ variable: a developer's machine under
 * `npm start`. `demo` is not one (decision 0040): a demo deployment is reachable, and says so with the flags.
 */
const LOCAL_ENVIRONMENT = 'local';

/** Whether the production guards are off: the environment is `local`. */
export const isLocalEnvironment = (environment: string): boolean => environment === LOCAL_ENVIRONMENT;

/** What production refuses unless its ALLOW_ variable says the risk is taken knowingly. */
export interface ProductionGuard {
  /** The variable whose value is refused. */
  variable: Variable;
  /** The variable that allows it anyway. */
  allowedBy: Variable;
  /** What the value does that production should not do unnoticed. */
  risk: string;
}

export const GUARDS = {
  localIdentityProvider: {
    variable: 'IDENTITY_PROVIDER',
    allowedBy: 'ALLOW_LOCAL_IDENTITY_PROVIDER',
    risk: "'local' runs the local identity provider with its demo accounts and trusts its signing key, which is published with the code (anyone could sign in as anyone)",
  },
  demoData: { variable: 'SEED_DEMO_DATA', allowedBy: 'ALLOW_DEMO_DATA', risk: "'true' adds the demo customers acme and globex" },
  localMainApi: {
    variable: 'LOCAL_MAIN_API',
    allowedBy: 'ALLOW_LOCAL_MAIN_API',
    risk: "'true' serves the main backend's and Model Runtime's local stand-ins at /api/main and /api/model-runtime, with their demo data",
  },
  embeddedDatabase: {
    variable: 'DATABASE_URL',
    allowedBy: 'ALLOW_EMBEDDED_DATABASE',
    risk: 'unset means the embedded database, which only one process on this machine can open (no replicas; the data is as safe as its folder)',
  },
  httpIssuer: {
    variable: 'COGNITO_ISSUER',
    allowedBy: 'ALLOW_HTTP_IDENTITY_PROVIDER',
    risk: "'http://' off loopback: the signing keys found from it travel unprotected, and whoever answers on the way could sign tokens for anyone",
  },
  httpJwksUrl: {
    variable: 'COGNITO_JWKS_URL',
    allowedBy: 'ALLOW_HTTP_IDENTITY_PROVIDER',
    risk: "'http://' off loopback: the signing keys travel unprotected, and whoever answers on the way could sign tokens for anyone",
  },
  jwksOutsideIssuer: {
    variable: 'COGNITO_JWKS_URL',
    allowedBy: 'ALLOW_JWKS_OUTSIDE_ISSUER',
    risk: "is not under COGNITO_ISSUER (same origin, path below the issuer's): the keys trusted would be another server's, not the pool's",
  },
  httpMessagingWebhook: {
    variable: 'MESSAGING_WEBHOOK_URL',
    allowedBy: 'ALLOW_HTTP_MESSAGING_SINK',
    risk: "'http://' off loopback: users' profiles and the request's signature travel unprotected",
  },
  httpCustomerProfiles: {
    variable: 'MESSAGING_CUSTOMER_PROFILES_ENDPOINT',
    allowedBy: 'ALLOW_HTTP_MESSAGING_SINK',
    risk: "'http://' off loopback: users' profiles travel unprotected, and whoever answers on the way could read or refuse them",
  },
} as const satisfies Record<string, ProductionGuard>;

export type GuardName = keyof typeof GUARDS;

/**
 * What the guards read of the settings. Declared here, not taken from settings.ts, which runs the guards:
 * its Settings must fit this (tsc checks it where readSettings calls refuseUnsafeProduction).
 */
interface GuardedSettings {
  environment: string;
  identityProvider: 'local' | 'cognito';
  seedDemoData: boolean;
  localMainApi: boolean;
  databaseUrl: string | undefined;
  cognito: { issuer: string | undefined; jwksUrl: string | undefined };
  messaging: MessagingSettings | null;
  allowedInProduction: Record<GuardName, boolean>;
}

/** Whether the settings do what a guard is about. */
const TAKES: Record<GuardName, (settings: GuardedSettings) => boolean> = {
  localIdentityProvider: (settings) => settings.identityProvider === 'local',
  demoData: (settings) => settings.seedDemoData,
  localMainApi: (settings) => settings.localMainApi,
  embeddedDatabase: (settings) => settings.databaseUrl === undefined,
  httpIssuer: (settings) => settings.identityProvider === 'cognito' && plainHttpOffLoopback(settings.cognito.issuer),
  httpJwksUrl: (settings) => settings.identityProvider === 'cognito' && plainHttpOffLoopback(settings.cognito.jwksUrl),
  jwksOutsideIssuer: ({ identityProvider, cognito: { issuer, jwksUrl } }) => identityProvider === 'cognito' && !!issuer && !!jwksUrl && !under(jwksUrl, issuer),
  httpMessagingWebhook: ({ messaging }) => messaging?.kind === 'webhook' && plainHttpOffLoopback(messaging.url),
  httpCustomerProfiles: ({ messaging }) => messaging?.kind === 'connect-customer-profiles' && plainHttpOffLoopback(messaging.endpoint),
};

/** Loopback never leaves the machine: a stand-in pool there (benchmarks, the packaging test) needs no TLS. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

function plainHttpOffLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const url = new URL(address);
  return url.protocol !== 'https:' && !LOOPBACK.test(url.hostname);
}

/** Whether `address` is the issuer's or below it: same origin, and a path under the issuer's (URL has resolved any `..`). */
function under(address: string, issuer: string): boolean {
  const url = new URL(address);
  const base = new URL(issuer);
  return url.origin === base.origin && url.pathname.startsWith(`${base.pathname.replace(/\/+$/, '')}/`);
}

/** The refusal of one guard, naming the variable, the environment and the way to allow it. */
function problem(name: GuardName, environment: string): SettingsProblem {
  const { variable, allowedBy, risk } = GUARDS[name];
  return {
    variable,
    rule: `${risk}; refused when ENVIRONMENT is '${environment}' (not ${LOCAL_ENVIRONMENT}). Set ${allowedBy}=true to allow it anyway`,
  };
}

/** Throws naming every risk production takes without its ALLOW_ variable; local alone may take any. */
export function refuseUnsafeProduction(settings: GuardedSettings, only: readonly GuardName[] = Object.keys(GUARDS) as GuardName[]): void {
  if (isLocalEnvironment(settings.environment)) return;
  const [first, ...others] = only
    .filter((name) => TAKES[name](settings) && !settings.allowedInProduction[name])
    .map((name) => problem(name, settings.environment));
  if (first) throw new SettingsError(first.variable, first.rule, 'CFG_SETTINGS_UNSAFE_IN_PRODUCTION', others);
}
