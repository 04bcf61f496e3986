import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { PlatformError } from '../errors.ts';
import { clientAddressKey } from './clientAddressKey.ts';
import type { RateLimits } from '../settings.ts';

const WINDOW_MS = 60_000;

interface Policy {
  name: string;
  perMinute: number;
  /** Whether a route (method and URL pattern) is counted. */
  covers: (method: string, url: string) => boolean;
  /** Whose requests share a count. */
  key: (request: FastifyRequest) => string;
  /** Extra headers on the 429. */
  headers?: Record<string, string>;
}

const WRITES = /^(POST|PUT|PATCH|DELETE)$/;
const PREVIEW = '/api/v1/admin/preview';
const PUBLISH_TOKENS = '/api/v1/publish-tokens';
/** Previews a minute per administrative write a minute. */
export const PREVIEWS_PER_WRITE = 5;
const byUser = (request: FastifyRequest) => (request.verifiedUser?.sub ? `user:${request.verifiedUser.sub}` : `ip:${request.ip}`);

/**
 * Which routes are limited and how. Everything else, the manifest and the other reads above all, is
 * not: a burst of page loads is normal, and a per-address limit there would refuse a whole office
 * behind one NAT.
 */
function policies(limits: RateLimits): Policy[] {
  return [
    {
      name: 'sign-in',
      perMinute: limits.signInPerMinute,
      // The local identity provider's adapter and hosted UI; /idp/lambda is the emulator's own trigger call.
      covers: (_method, url) => url === '/idp' || url.startsWith('/oauth2/'),
      // Nobody is known yet: the client's address is all there is.
      key: (request) => `ip:${request.ip}`,
      // Amplify names an error after this header, and the sign-in form has words for this name.
      headers: { 'x-amzn-errortype': 'TooManyRequestsException' },
    },
    {
      // The exchange of a CI's OpenID Connect token (decision 0098): CI's sign-in, open to anyone, and
      // each attempt may make the service fetch and verify. A count of its own, so a developer signing
      // in and a CI job from one office do not use up each other's; its number is sign-in's.
      name: 'publish-token exchange',
      perMinute: limits.signInPerMinute,
      covers: (method, url) => method === 'POST' && url === PUBLISH_TOKENS,
      // An IPv6 client by its /64, an IPv4-mapped one as IPv4: a new address of one's own network is not a new count.
      key: (request) => clientAddressKey(request.ip),
    },
    {
      name: 'admin writes',
      perMinute: limits.adminWritesPerMinute,
      covers: (method, url) => WRITES.test(method) && /^\/api\/(v1\/(admin|customers)|user-management)(\/|$)/.test(url) && url !== PREVIEW,
      // Runs after the route's own sign-in and staff checks, so the verified user is known.
      key: byUser,
    },
    {
      // Dry runs change nothing, and the release editor asks for one each time its author stops typing:
      // a count of their own, five times the writes', so editing never uses up the writes.
      name: 'previews',
      perMinute: limits.adminWritesPerMinute * PREVIEWS_PER_WRITE,
      covers: (method, url) => method === 'POST' && url === PREVIEW,
      key: byUser,
    },
  ];
}

async function rateLimitsPlugin(app: FastifyInstance, limits: RateLimits) {
  // Routes opt in below; nothing is limited by default.
  await app.register(fastifyRateLimit, { global: false });

  const guards = policies(limits)
    .filter((policy) => policy.perMinute > 0)
    .map((policy) => {
      // One count per policy, shared by all its routes: a guesser gains nothing by switching endpoints.
      const limiter = app.createRateLimit({ max: policy.perMinute, timeWindow: WINDOW_MS, keyGenerator: policy.key });
      const guard: onRequestAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
        const state = await limiter(request);
        if (state.isAllowed || !state.isExceeded) return;
        request.log.warn({ policy: policy.name, key: state.key }, 'rate limit reached');
        for (const [name, value] of Object.entries(policy.headers ?? {})) reply.header(name, value);
        reply.header('Retry-After', String(state.ttlInSeconds));
        throw new PlatformError('CFG_ERR_RATE_LIMITED', `more than ${policy.perMinute} ${policy.name} requests a minute; try again in ${state.ttlInSeconds} s`);
      };
      return { policy, guard };
    });

  app.addHook('onRoute', (route) => {
    for (const { policy, guard } of guards) {
      if (![route.method].flat().some((method) => policy.covers(String(method), route.url))) continue;
      // Last of the route's onRequest hooks: after sign-in, and before the body is read.
      route.onRequest = [...[route.onRequest ?? []].flat(), guard];
    }
  });
}

/** 429 problem+json with Retry-After on sign-in, the publish-token exchange and administrative writes; register before the routes. */
export default fp(rateLimitsPlugin, { name: 'rateLimits' });
