import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { PlatformError } from '../errors.ts';
import { sendProblem } from './problem.ts';

/**
 * Fastify's frameworkErrors: what its router refuses before any hook runs (a route parameter over
 * maxParamLength, a URL that cannot be decoded) becomes problem+json like every other error, instead
 * of Fastify's own JSON shape. The hooks never ran, so the one header that matters for a JSON answer
 * is set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const problem =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new PlatformError('CFG_ERR_URI_TOO_LONG', 'a path segment is longer than 100 characters')
      : new PlatformError('CFG_ERR_BAD_REQUEST', error.code === 'FST_ERR_BAD_URL' ? 'the path is not a valid URL' : error.message);
  reply.header('X-Content-Type-Options', 'nosniff');
  return sendProblem(reply, request, problem);
}
