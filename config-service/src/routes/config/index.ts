import type { FastifyInstance } from 'fastify';
import { publicConfigSchema, type PublicConfig } from '@platform/schemas';
import { MODULE_SDK_VERSION } from '../../bundles/moduleSdkVersion.ts';
import { PlatformError } from '../../errors.ts';
import type { ServedManifests } from '../../releases/servedManifests.ts';
import { resolveModule } from '../../manifests/resolveModule.ts';

export interface ConfigRouteOptions {
  manifests: ServedManifests;
  environment: string;
  productName: string;
  auth: PublicConfig['auth'];
  backends: PublicConfig['backends'];
  backendRegions: PublicConfig['backendRegions'];
  messaging: PublicConfig['messaging'];
}

/** GET /api/v1/config: what the web app needs before sign-in (identity settings, top-level routes). */
export default async function configRoutes(app: FastifyInstance, options: ConfigRouteOptions) {
  const schema = {
    summary: 'What the web app needs before sign-in: identity settings and the top-level routes',
    tags: ['navigation'],
    response: { 200: { $ref: `${publicConfigSchema.$id}#` } },
  };
  app.get('/api/v1/config', { schema }, async (_request, reply) => {
    const set = options.manifests.current();
    const shell = set.modules.get('shell');
    // A fault of the set in service, not of the request: 500, the detail in the log.
    if (!shell) throw new PlatformError('CFG_ERR_INTERNAL', 'manifest set has no shell');
    reply.header('Cache-Control', 'no-cache');
    return {
      environment: options.environment,
      productName: options.productName,
      version: set.release,
      auth: options.auth,
      backends: options.backends,
      backendRegions: options.backendRegions,
      messaging: options.messaging,
      moduleSdkVersion: MODULE_SDK_VERSION,
      shell: resolveModule(shell, { role: null, productName: options.productName }),
    } satisfies PublicConfig;
  });
}
