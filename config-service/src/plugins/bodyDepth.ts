import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PlatformError } from '../errors.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@platform/schemas';

/**
 * Refuses a JSON body that nests deeper than MAX_JSON_DEPTH, right after it is parsed (JSON.parse itself
 * survives 100,000 levels) and before the schema, a handler or JSON.stringify recurses into it and
 * overflows the stack, which answered 500 (issue 26).
 */
async function bodyDepthPlugin(app: FastifyInstance) {
  // Runs on every request: a callback hook costs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const { body } = request;
    if (body !== null && typeof body === 'object' && nestsDeeperThan(body)) {
      done(new PlatformError('CFG_ERR_BODY_TOO_DEEP', `objects and arrays in the body nest more than ${MAX_JSON_DEPTH} levels deep`));
      return;
    }
    done();
  });
}

export default fp(bodyDepthPlugin, { name: 'body-depth' });
