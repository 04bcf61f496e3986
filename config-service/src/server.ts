import { join } from 'node:path';
import { buildApp } from './app.ts';
import { StartupError } from './errors.ts';
import { demoAccountLines } from './local/demoData/demoAccountLines.ts';
import { createLogger, loggableDatabaseUrl } from './logging/loggerOptions.ts';
import { ManifestSetError } from './manifests/manifestProblem.ts';
import { createPlatform } from './platform.ts';
import { loadSettings } from './settings.ts';

/** How long shutdown may take before the process ends regardless. */
const SHUTDOWN_LIMIT_MS = 10_000;
/**
 * How long a stopping service keeps answering before it closes its port. Closing at once resets the
 * connections already made but not yet read (the kernel's queue, a request not yet parsed): requests
 * the client has sent. Meanwhile answers say `Connection: close` and /readyz says not ready, so callers
 * and load balancers move on.
 */
const SHUTDOWN_DRAIN_MS = 1_000;

async function main() {
  // The environment over .env, checked against its schema; production's risks refused unless allowed.
  const settings = loadSettings();
  // One logger, given to every service as it is built and to Fastify, whose lines are its children.
  const logger = createLogger({ level: settings.logLevel, pretty: settings.logFormat === 'pretty' });
  const platform = await createPlatform(settings, logger);
  const { releases, watched, writeRights, localIdentityProvider: local } = platform;
  const app = await buildApp({ ...platform.app, loggerInstance: logger });
  // The first reading before the port opens (bounded by its time-out), so a replica whose client is fine
  // is ready as soon as it listens; later readings (with back-off until proved, then hourly) run in the background.
  if (writeRights) await writeRights.start(app.log);
  else app.log.warn('ALLOW_UNCHECKED_APP_CLIENT=true: the app client is not read; that its users cannot write custom:auth must be proved another way');
  watched?.watch();

  let stopping = false;
  // A callback, not async: this runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('Connection', 'close');
    done(null, payload);
  });
  const shutdown = async (signal: string) => {
    // A second signal while stopping (a supervisor and a terminal both sending one) changes nothing.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever hangs, the process ends: a supervisor's next signal would be SIGKILL anyway.
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    app.stopReadiness();
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
    let failed = false;
    // The HTTP server's close drains the messaging queue too (its plugin's onClose).
    for (const [what, step] of platform.shutdownSteps(() => app.close())) {
      try {
        await step();
      } catch (error) {
        failed = true;
        app.log.error({ err: error }, `closing the ${what} failed`);
      }
    }
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: settings.port, host: settings.host });
  const lines = [
    '',
    `  Platform running at ${settings.publicOrigin}  (environment: ${settings.environment}, release ${releases.current().release}${watched ? `, publishing edits of ${settings.manifestsDir}` : ' from the store'})`,
    `  Database: ${settings.databaseUrl ? `PostgreSQL at ${loggableDatabaseUrl(settings.databaseUrl)}` : `embedded PGlite in ${join(settings.dataDir, 'pglite')}`}`,
  ];
  if (local) {
    lines.push(`  Local identity provider on ${local.upstream}; sign-up and reset codes are logged in ${local.logFile}`);
    lines.push(...demoAccountLines());
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // What the operator can act on is said in words, with the code docs/errors.md lists; anything else
  // is printed whole, stack and cause included, since nobody foresaw it.
  if (error instanceof StartupError || error instanceof ManifestSetError) console.error(`Cannot start: ${error.message}\n(${error.code}: see docs/errors.md)`);
  else console.error('Cannot start:', error);
  process.exit(1);
});
