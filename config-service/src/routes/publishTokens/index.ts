import type { FastifyInstance } from 'fastify';
import { problemSchema, publishTokenSchema, type PublishToken } from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import { IssuerKeys } from '../../publishers/issuerKeys.ts';
import { verifyCiToken } from '../../publishers/verifyCiToken.ts';
import { isLocalEnvironment } from '../../settings.ts';
import type { PublisherStore } from '../../store/publisherStore.ts';

export interface PublishTokenRouteOptions {
  publishers: PublisherStore;
  environment: string;
  /** How long one request to an issuer may take; unset: JWKS_TIMEOUT_MS. */
  issuerTimeoutMs?: number;
}

/** A publish token lives this long at most (issue 38): one CI job's upload and release steps, and no more. */
export const PUBLISH_TOKEN_LIFETIME_MS = 15 * 60_000;

/**
 * POST /api/v1/publish-tokens: a trusted publisher's CI sends its own OpenID Connect token as the bearer
 * and gets a publish token of its modules (decision 0086). The token is checked in the handler, after
 * the (empty) body: the exchange is not `app.authenticate`'s, whose tokens are the user pool's.
 */
export default async function publishTokenRoutes(app: FastifyInstance, options: PublishTokenRouteOptions) {
  const issuerKeys = new IssuerKeys({ local: isLocalEnvironment(options.environment), timeoutMs: options.issuerTimeoutMs });

  app.post(
    '/api/v1/publish-tokens',
    {
      schema: {
        tags: ['publishers'],
        summary:
          "Exchange a trusted publisher's CI OpenID Connect token (the bearer) for a publish token of its modules, living 15 minutes; 401 for a token that fails verification, 403 for an unregistered subject",
        security: [{ bearerAuth: [] }],
        response: { 201: { $ref: `${publishTokenSchema.$id}#` }, '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (request, reply): Promise<PublishToken> => {
      // Nothing is read from a body: one sent must be empty, so a client expecting its fields to count learns they do not.
      const { body } = request;
      if (body !== undefined && (typeof body !== 'object' || body === null || Object.keys(body).length))
        throw new PlatformError('CFG_ERR_BAD_REQUEST', 'send no body, or {}');
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw new PlatformError('CFG_ERR_UNAUTHENTICATED', "send the CI's OpenID Connect token as the bearer");
      const publisher = await verifyCiToken(token, options.publishers, issuerKeys);
      const issued = await options.publishers.issueToken(publisher, PUBLISH_TOKEN_LIFETIME_MS);
      request.log.info(
        { publisher: publisher.id, subject: publisher.subject, modules: publisher.modules, expiresAt: issued.expiresAt },
        'publish token issued',
      );
      reply.code(201).header('Cache-Control', 'no-store');
      return { ...issued, modules: publisher.modules };
    },
  );
}
