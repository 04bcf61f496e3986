import type { FastifyInstance } from 'fastify';
import {
  publisherCreateSchema,
  publisherListSchema,
  publisherRevocationSchema,
  publisherSchema,
  type Publisher,
  type PublisherCreate,
  type PublisherList,
  type PublisherRevocation,
} from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import { issuerAddressProblem } from '../../publishers/issuerAddress.ts';
import type { ServedManifests } from '../../releases/servedManifests.ts';
import { isLocalEnvironment } from '../../settings.ts';
import type { PublisherStore } from '../../store/publisherStore.ts';

export interface PublisherRouteOptions {
  publishers: PublisherStore;
  /** The registry in service: a publisher's modules must be its keys. */
  manifests: Pick<ServedManifests, 'current'>;
  environment: string;
}

const tags = ['publishers'];
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;

/**
 * /api/v1/admin/publishers: the module teams' CIs whose OpenID Connect tokens may be exchanged for a
 * publish token (issue 38, decision 0086). Staff only: registered under the admin API plugin. Each
 * registration and revocation keeps who, when and why in its row, and is logged.
 */
export default async function publisherRoutes(app: FastifyInstance, options: PublisherRouteOptions) {
  const { publishers } = options;
  const local = isLocalEnvironment(options.environment);

  app.get(
    '/api/v1/admin/publishers',
    { schema: { tags, summary: 'The trusted publishers registered and not revoked', response: { 200: { $ref: `${publisherListSchema.$id}#` } } } },
    async (): Promise<PublisherList> => ({ publishers: await publishers.list() }),
  );

  app.post<{ Body: PublisherCreate }>(
    '/api/v1/admin/publishers',
    {
      schema: {
        tags,
        summary:
          "Register a CI's OpenID Connect tokens (issuer, audience, subject) as a trusted publisher of the modules named; 409 naming the publisher when its issuer and subject are registered already",
        body: { $ref: `${publisherCreateSchema.$id}#` },
        response: { 201: { $ref: `${publisherSchema.$id}#` } },
      },
    },
    async (request, reply): Promise<Publisher> => {
      const { issuer, audience, subject, modules, reason } = request.body;
      const problem = issuerAddressProblem(issuer, local);
      if (problem) throw new PlatformError('CFG_ERR_PUBLISHER_INVALID', `issuer ${problem}; nothing was registered`);
      const registry = options.manifests.current().registry;
      const unknown = modules.filter((key) => !registry.includes(key));
      if (unknown.length) throw new PlatformError('CFG_ERR_PUBLISHER_INVALID', `the registry has no module ${unknown.join(', ')}; nothing was registered`);
      const registered = await publishers.register({ issuer, audience, subject, modules, reason: reason.trim() }, request.actor);
      if ('existing' in registered) {
        const { existing } = registered;
        throw new PlatformError(
          'CFG_ERR_PUBLISHER_EXISTS',
          `${subject} of ${issuer} is registered already, as publisher ${existing.id} (audience ${existing.audience}, modules ${existing.modules.join(', ')}): revoke it first to change it`,
        );
      }
      const { created } = registered;
      request.log.info({ publisher: created.id, issuer, subject, modules, actor: request.actor.sub, reason }, 'trusted publisher registered');
      reply.code(201).header('Location', `/api/v1/admin/publishers/${created.id}`);
      return created;
    },
  );

  app.delete<{ Params: { id: string }; Body: PublisherRevocation }>(
    '/api/v1/admin/publishers/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a trusted publisher (why, for the audit): its tokens are exchanged no more, and the publish tokens it holds are refused at once',
        params: idParams,
        body: { $ref: `${publisherRevocationSchema.$id}#` },
        response: { 200: { $ref: `${publisherSchema.$id}#` } },
      },
    },
    async (request): Promise<Publisher> => {
      const reason = request.body.reason.trim();
      const revoked = await publishers.revoke(request.params.id, request.actor, reason);
      if (!revoked) throw new PlatformError('CFG_ERR_PUBLISHER_NOT_FOUND', `no trusted publisher '${request.params.id}' is registered`);
      request.log.info({ publisher: revoked.id, subject: revoked.subject, actor: request.actor.sub, reason }, 'trusted publisher revoked');
      return revoked;
    },
  );
}
