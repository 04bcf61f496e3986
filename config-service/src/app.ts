import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { PublicConfig } from '@platform/schemas';
import { PlatformError } from './errors.ts';
import type { ManifestSource } from './manifests/manifestStore.ts';
import { ajv, coercingAjv } from './manifests/schemaValidator.ts';
import { BACKENDS } from './settings.ts';
import authentication, { type AuthenticationOptions } from './plugins/authentication.ts';
import openApi from './plugins/openApi.ts';
import problem, { sendProblem } from './plugins/problem.ts';
import localHostedUi from './identity/local/localHostedUi.ts';
import localIdpRoutes from './identity/local/localIdpRoutes.ts';
import configRoutes from './routes/config/index.ts';
import customerRoutes from './routes/customers/index.ts';
import eventRoutes from './routes/events/index.ts';
import localMainApi, { type LocalMainApiOptions } from './routes/main/index.ts';
import messagingRoutes from './routes/messaging/index.ts';
import type { CustomerModules } from './customers/customerModules.ts';
import manifestRoutes from './routes/manifest/index.ts';
import adminRoutes from './routes/admin/index.ts';

export interface AppOptions {
  environment: string;
  productName: string;
  /** The manifest set in service, earlier versions and the last rejected edit. */
  manifests: ManifestSource;
  /** Customers and their module switches, in the database. */
  customerModules: CustomerModules;
  authentication: AuthenticationOptions;
  /** Identity settings the browser is given. */
  browserAuth: PublicConfig['auth'];
  /** Backend bases the browser is given. */
  backends?: PublicConfig['backends'];
  /** Where the browser sends the user's messaging profile; 'local' also serves the sink. */
  messaging?: PublicConfig['messaging'];
  /** The main backend's local counterpart at /api/main, when this service plays it. */
  localMainApi?: LocalMainApiOptions;
  /** The local identity provider, when it is the one in use: its address, web client and return addresses. */
  localIdp?: { upstream: string; clientId: string; callbackUrls: readonly string[] };
  /** Folder of the built web app, served with history-mode fallback. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

const NO_BACKENDS = Object.fromEntries(BACKENDS.map((name) => [name, null])) as PublicConfig['backends'];

export interface RouteSummary {
  method: string;
  url: string;
  /** Whether the route verifies the bearer token before anything else. */
  signedIn: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteSummary[];
  }
}

/** Builds the service without listening, so tests can use inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 64 * 1024, trustProxy: false });
  // Bodies are JSON and must match exactly; query strings, parameters and headers are text, which the
  // coercing instance turns into the numbers and booleans their schemas name.
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? ajv : coercingAjv).compile(schema));
  // Ajv also holds the draft 2020-12 meta-schemas; no route refers to them, and their `properties.$id`
  // breaks the OpenAPI generator's reference resolver.
  for (const id of Object.keys(ajv.schemas).filter((k) => k.startsWith('https://') && !k.startsWith('https://json-schema.org/'))) {
    app.addSchema(ajv.getSchema(id)?.schema as { $id: string });
  }

  // Every route the service registers, with whether it requires sign-in: hardening tests walk it so
  // that a new route cannot escape them.
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat();
    for (const method of [route.method].flat()) {
      routeTable.push({ method: String(method), url: route.url, signedIn: hooks.some((h) => h === app.authenticate) });
    }
  });

  await app.register(problem);
  await app.register(authentication, options.authentication);
  // Before the routes: the document is collected from their onRoute hooks.
  await app.register(openApi, { productName: options.productName });
  await app.register(configRoutes, { manifests: options.manifests, environment: options.environment, productName: options.productName, auth: options.browserAuth, backends: options.backends ?? NO_BACKENDS, messaging: options.messaging ?? null });
  const served = { manifests: options.manifests, environment: options.environment, productName: options.productName, customerModules: options.customerModules };
  await app.register(manifestRoutes, served);
  await app.register(adminRoutes, served);
  await app.register(customerRoutes, served);
  await app.register(eventRoutes, served);
  if (options.messaging?.kind === 'local') await app.register(messagingRoutes);
  if (options.localMainApi) await app.register(localMainApi, { ...options.localMainApi, customerModules: options.customerModules });
  if (options.localIdp) {
    await app.register(localIdpRoutes, { upstream: options.localIdp.upstream });
    await app.register(localHostedUi, { ...options.localIdp, productName: options.productName });
  }

  const webRoot = options.webRoot && existsSync(join(options.webRoot, 'index.html')) ? options.webRoot : undefined;
  if (webRoot) await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false });
  else if (options.webRoot) app.log.warn({ webRoot: options.webRoot }, 'web app is not built; run `npm run build`');

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // History mode: any other GET is a screen address, answered with the app's page.
    if (webRoot && request.method === 'GET' && !/^\/(api|idp|oauth2)(\/|$)/.test(path)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, request, new PlatformError('CFG_ERR_NOT_FOUND', `no route ${request.method} ${path}`));
  });
  return app;
}
