import type { FastifyRequest } from 'fastify';
import { STAFF_ROLE } from '@platform/schemas';
import { PlatformError } from '../errors.ts';

/**
 * An onRequest hook, after `app.authenticate`, that lets only the provider's staff through. It runs
 * before the body is parsed or validated, so anyone else gets 403 whatever they send, and learns
 * nothing of the route's request format.
 */
export function staffOnly(what: string) {
  return async (request: FastifyRequest) => {
    if (request.verifiedUser.auth?.role !== STAFF_ROLE) throw new PlatformError('CFG_ERR_FORBIDDEN', `only staff may ${what}`);
  };
}
