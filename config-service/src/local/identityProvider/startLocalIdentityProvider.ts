import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { localOnlyPackage } from '../../localOnlyPackage.ts';
import { inRepo } from '../../repoPaths.ts';
import { StartupError } from '../../errors.ts';
import { SettingsError } from '../../settings/settingsError.ts';
import { DEMO_ACCOUNTS } from '../demoData/demoAccounts.ts';
import { seedLocalPool } from './seedLocalPool.ts';

export interface LocalIdentityProvider {
  userPoolId: string;
  clientId: string;
  /** Exact issuer string of its ID tokens. */
  issuer: string;
  jwksUrl: string;
  /** Where cognito-local itself listens (loopback only). */
  upstream: string;
  /** Log file that holds sign-up and password-reset codes, and invited users' temporary passwords. */
  logFile: string;
  /** The emulator's process. */
  pid: number | undefined;
  stop: () => Promise<void>;
}

export interface LocalIdentityProviderOptions {
  dataDir: string;
  port: number;
  /** Address cognito-local calls for the pre-token-generation trigger. */
  lambdaEndpoint: string;
  /** Origins the browser may reach the platform on; single sign-on returns to these only. */
  webOrigins: readonly string[];
}

/** Name under which cognito-local invokes our pre-token-generation "Lambda". */
const PRE_TOKEN_FUNCTION = 'asset-platform-pre-token-generation';

/** cognito-local's own settings, passed on when a developer sets them: debug logging and its development mode. */
const ITS_OWN_VARIABLES = ['DEBUG', 'COGNITO_LOCAL_DEVMODE'] as const;

/**
 * The emulator's whole environment. Nothing of the service's is handed on (DATABASE_URL,
 * ARTIFACT_SIGNING_KEY, METRICS_TOKEN, a developer's AWS credentials): it needs none, and a child
 * process's environment is readable by whatever runs as the same user. HOME is its own folder, so the
 * AWS SDK inside it reads no ~/.aws of the developer's either.
 */
function localIdentityProviderEnv(port: number, home: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = Object.fromEntries(ITS_OWN_VARIABLES.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  return { PATH: env.PATH ?? '', HOME: home, PORT: String(port), HOST: '127.0.0.1', NODE_OPTIONS: '', ...own };
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Starts cognito-local on loopback with its data under `dataDir`, then creates the user pool and
 * demo accounts. It runs as a child process because it keeps its data in `./.cognito` of its
 * working directory.
 */
export async function startLocalIdentityProvider(options: LocalIdentityProviderOptions): Promise<LocalIdentityProvider> {
  const upstream = `http://127.0.0.1:${options.port}`;
  if (await healthy(upstream)) {
    throw new StartupError('CFG_LOCAL_IDP_FAILED', `port ${options.port} already answers like an identity provider; stop it or set LOCAL_IDP_PORT`);
  }
  const workDir = join(options.dataDir, 'cognito');
  mkdirSync(join(workDir, '.cognito'), { recursive: true });
  writeFileSync(
    join(workDir, '.cognito', 'config.json'),
    JSON.stringify(
      {
        TokenConfig: { IssuerDomain: upstream },
        TriggerFunctions: { PreTokenGeneration: PRE_TOKEN_FUNCTION },
        LambdaClient: { endpoint: options.lambdaEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
        UserPoolDefaults: { UsernameAttributes: ['email'], MfaConfiguration: 'OPTIONAL' },
        // Ours, read by mfaChallengeTargets.cjs: the accounts that stand for users of a pool that requires MFA.
        MfaSetUpRequired: Object.fromEntries(DEMO_ACCOUNTS.flatMap((a) => (a.mfaSetUpOffered ? [[a.email, a.mfaSetUpOffered]] : []))),
      },
      null,
      2,
    ),
  );
  const logFile = join(workDir, 'cognito-local.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  const cli = localOnlyPackage('cognito-local/lib/bin/start.js');
  if (!cli) {
    throw new SettingsError(
      'IDENTITY_PROVIDER',
      "is local, but the local identity provider's package cognito-local is not installed (a development dependency, left out of production installs and the image): install the development dependencies (`npm install`), or use a Cognito user pool",
      'CFG_SETTINGS_PACKAGE_MISSING',
    );
  }
  const exitWithParent = inRepo('config-service/src/local/identityProvider/exitWithParent.cjs');
  const adminTargets = inRepo('config-service/src/local/identityProvider/adminTargets.cjs');
  const mfaChallengeTargets = inRepo('config-service/src/local/identityProvider/mfaChallengeTargets.cjs');
  const pendingCodeTargets = inRepo('config-service/src/local/identityProvider/pendingCodeTargets.cjs');
  const preloads = [exitWithParent, adminTargets, mfaChallengeTargets, pendingCodeTargets].flatMap((file) => ['--require', file]);
  const child: ChildProcess = spawn(process.execPath, [...preloads, cli], {
    cwd: workDir,
    env: localIdentityProviderEnv(options.port, workDir),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The channel is only there to end with us; it must not keep this process alive by itself.
  child.channel?.unref();
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stopChild = () => child.exitCode === null && child.kill('SIGTERM');
  process.once('exit', stopChild);

  const deadline = Date.now() + 30_000;
  while (!(await healthy(upstream))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stopChild();
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
      throw new StartupError('CFG_LOCAL_IDP_FAILED', `local identity provider did not start on ${upstream}:\n${tail}`);
    }
    await sleep(150);
  }

  const { userPoolId, clientId } = await seedLocalPool(upstream, options.webOrigins);
  const issuer = `${upstream}/${userPoolId}`;
  return {
    userPoolId,
    clientId,
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    upstream,
    logFile,
    pid: child.pid,
    stop: async () => {
      process.removeListener('exit', stopChild);
      stopChild();
      await exited;
      log.end();
    },
  };
}
