import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its answer is written, so the identity-provider
 * calls of a request nobody waits for stop instead of holding the pool's quota (issue 37: abandoned list
 * requests slowed the next one down). The answer's close, not the request's: a request closes once its
 * body is read, while the client is still waiting.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client went away'));
  });
  return controller.signal;
}
