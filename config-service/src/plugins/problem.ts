import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPlatformError, PlatformError, type ErrorCode } from '../errors.ts';

/** Each problem's `type` is this followed by its code. */
export const PROBLEM_TYPE_BASE = 'https://asset-platform.example/problems/';

/** Maps Fastify's own errors (validation, body size, content type) onto the catalogue. */
function fromFastifyError(error: FastifyError): PlatformError {
  if (error.validation) return new PlatformError('CFG_ERR_BAD_REQUEST', error.message);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new PlatformError('CFG_ERR_PAYLOAD_TOO_LARGE');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new PlatformError('CFG_ERR_UNSUPPORTED_MEDIA_TYPE', error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code: ErrorCode = error.statusCode === 404 ? 'CFG_ERR_NOT_FOUND' : error.statusCode === 401 ? 'CFG_ERR_UNAUTHENTICATED' : 'CFG_ERR_BAD_REQUEST';
    return new PlatformError(code, error.message);
  }
  return new PlatformError('CFG_ERR_INTERNAL', undefined, { cause: error });
}

/** Sends a PlatformError as RFC 9457 problem details. */
export function sendProblem(reply: FastifyReply, request: FastifyRequest, error: PlatformError): FastifyReply {
  const body: Record<string, unknown> = {
    ...(error.status < 500 ? error.extensions : undefined),
    type: `${PROBLEM_TYPE_BASE}${error.code}`,
    title: error.title,
    status: error.status,
    instance: request.url.split('?')[0],
    code: error.code,
  };
  // A 5xx detail could carry internals (paths, SQL, stack); the log has them instead.
  if (error.detail && error.status < 500) body.detail = error.detail;
  if (error.status === 401) reply.header('WWW-Authenticate', 'Bearer');
  // Unavailable for now, not broken: clients (and the web app) try again after this many seconds.
  if (error.status === 503 && !reply.hasHeader('Retry-After')) reply.header('Retry-After', '5');
  return reply.code(error.status).type('application/problem+json; charset=utf-8').send(JSON.stringify(body));
}

async function problemPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = isPlatformError(error) ? error : fromFastifyError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: problem.code, detail: problem.detail }, 'request refused');
    return sendProblem(reply, request, problem);
  });
}

export default fp(problemPlugin, { name: 'problem' });
