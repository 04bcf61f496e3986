import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { Directives } from './contentSecurityPolicy.ts';

export interface SecurityOptions {
  /** The Content-Security-Policy of every answer; a page may send a stricter or nonce-bearing one of its own. */
  directives: Directives;
  /** Foreign origins whose pages may call the API; empty: no CORS at all. */
  corsOrigins: readonly string[];
}

/** What a named origin's page may send and read: the API's own headers, nothing more. */
const CORS = {
  methods: ['GET', 'HEAD', 'POST', 'PUT'],
  allowedHeaders: ['Authorization', 'Content-Type', 'If-Match', 'X-Customer-Id'],
  exposedHeaders: ['ETag', 'Retry-After', 'Location'],
  maxAge: 600,
};

/**
 * Helmet's headers for this policy, worked out once. They are the same on every answer, and
 * @fastify/helmet builds helmet afresh on every request (parsing the policy each time): in a profile
 * of the manifest endpoint under load that was the largest cost left after the route's own.
 */
function securityHeaders(directives: Directives): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  let failure: unknown;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // The policy's frame-ancestors says the same to current browsers; this header to older ones.
    frameguard: { action: 'deny' },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return headers;
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const headers = securityHeaders(options.directives);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Unregistered, a foreign page's preflight finds no route (404 problem) and no answer carries
  // Access-Control-Allow-Origin: the browser keeps such pages from reading anything.
  if (options.corsOrigins.length > 0) {
    const named = new Set(options.corsOrigins);
    await app.register(fastifyCors, {
      ...CORS,
      // false for any other origin: no CORS headers, and its preflight is left to the 404 handler.
      origin: (origin, callback) => callback(null, origin !== undefined && named.has(origin) ? origin : false),
    });
  }
}

/** Security headers (helmet: CSP, nosniff, frame denial, ...) and CORS for named origins only; register before the routes. */
export default fp(securityPlugin, { name: 'security' });
