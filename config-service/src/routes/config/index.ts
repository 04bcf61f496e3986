import type { FastifyInstance } from 'fastify';
import { publicConfigSchema, type PublicConfig } from '@platform/schemas';
import type { ManifestSource } from '../../manifests/manifestStore.ts';
import { resolveModule } from '../../manifests/resolveModule.ts';

export interface ConfigRouteOptions {
  manifests: ManifestSource;
  environment: string;
  productName: string;
  auth: PublicConfig['auth'];
  backends: PublicConfig['backends'];
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
    if (!shell) throw new Error('manifest set has no shell');
    reply.header('Cache-Control', 'no-cache');
    return {
      environment: options.environment,
      productName: options.productName,
      version: set.version,
      auth: options.auth,
      backends: options.backends,
      messaging: options.messaging,
      shell: resolveModule(shell, { role: null, productName: options.productName }),
    } satisfies PublicConfig;
  });
}
