import fastifyJwt, { type TokenOrHeader } from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { readAuthClaim } from '../claims/readAuthClaim.ts';
import { readMetaClaim } from '../claims/readMetaClaim.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { LOCAL_IDP_KEY_THUMBPRINT } from '../identity/localSigningKey.ts';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import { MfaStatus } from '../identity/mfaStatus.ts';
import { notAPublishingStep, type PublishingRights } from '../publishers/publishingRights.ts';
import { PUBLISH_TOKEN_PREFIX, type PublishTokenHolder } from '../store/publisherStore.ts';
import { remoteSigningKeys } from './signingKeys.ts';
import { VerifiedTokenCache } from './verifiedTokenCache.ts';

export interface AuthenticationOptions {
  issuer: string;
  jwksUrl: string;
  clientId: string;
  /** Whether the local identity provider's published key may be trusted. */
  trustLocalKey: boolean;
  /** Whether users who must use MFA have it (decision 0042); left out, none of them is taken to have it. */
  mfa?: MfaStatus;
  /** How long one request for the signing keys may take; left out, JWKS_TIMEOUT_MS. */
  jwksTimeoutMs?: number;
  /** Who holds a publish token (issue 38); left out, publish tokens are refused like any other stranger's token. */
  publishTokens?: (token: string) => Promise<PublishTokenHolder | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` from verified claims only. */
    verifiedUser: VerifiedUser;
    /** Set by `app.authenticate`: the user must use MFA and the identity provider says they have none yet. */
    mfaPending: boolean;
  }
  interface FastifyContextConfig {
    /** The route answers a user whose MFA is pending (and reads `mfaPending`); every other signed-in route refuses them. */
    servesMfaPending?: boolean;
  }
  interface FastifyInstance {
    /** An onRequest hook; a callback, not async: a remembered token then costs no promise. */
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
}

/** Longer Authorization headers are refused unread (8 KB; Node's own header limit is 16 KB). */
const MAX_AUTHORIZATION_LENGTH = 8 * 1024;
/** How far the identity provider's clock may run ahead of ours. */
const CLOCK_SKEW_S = 60;
/** The longest life a token may be issued with (Cognito's ID tokens: one day at most); a longer one is not the pool's. */
const MAX_TOKEN_LIFETIME_S = 24 * 60 * 60;

async function authenticationPlugin(app: FastifyInstance, options: AuthenticationOptions) {
  const signingKeys = remoteSigningKeys(options.jwksUrl, { timeoutMs: options.jwksTimeoutMs });
  const verified = new VerifiedTokenCache();
  const mfa = options.mfa ?? new MfaStatus(undefined);

  await app.register(fastifyJwt, {
    secret: async (_request: FastifyRequest, token: TokenOrHeader) => {
      const { kid, alg } = 'header' in token ? token.header : token;
      if (!kid || alg !== 'RS256') throw new PlatformError('CFG_ERR_UNAUTHENTICATED', 'token must be RS256 with a key id');
      const key = await signingKeys({ kid, alg });
      if (!options.trustLocalKey && key.thumbprint === LOCAL_IDP_KEY_THUMBPRINT) {
        throw new PlatformError('CFG_ERR_UNAUTHENTICATED', "token signed with the local identity provider's published key");
      }
      return key.pem;
    },
    decode: { complete: true },
    verify: {
      algorithms: ['RS256'],
      allowedIss: options.issuer,
      allowedAud: options.clientId,
      requiredClaims: ['sub', 'exp', 'iat', 'token_use', 'aud'],
    },
  });

  app.decorateRequest('verifiedUser', null as unknown as VerifiedUser);
  app.decorateRequest('mfaPending', false);
  app.decorateRequest('publishing', undefined);
  app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    // Cognito's ID tokens are a few KB; a far bigger one is not one of them, and is not worth parsing.
    const header = request.headers.authorization;
    if (header && header.length > MAX_AUTHORIZATION_LENGTH) return done(new PlatformError('CFG_ERR_UNAUTHENTICATED', 'token is too large'));
    // A trusted publisher's publish token (decision 0086): it reaches publishing steps only, which check the rest.
    if (header?.startsWith(`Bearer ${PUBLISH_TOKEN_PREFIX}`)) return void publisher(request, header.slice('Bearer '.length)).then(() => done(), done);
    const known = header ? verified.get(header) : undefined;
    if (known) {
      request.verifiedUser = known;
      return requireMfa(request, done);
    }
    verify(request, header).then(() => requireMfa(request, done), done);
  });

  /**
   * Refuses a user who must use MFA and has none set up, as the identity provider (not the token or
   * the browser) says, unless the route serves them what setting it up needs. Everyone else passes
   * without a question asked.
   */
  function requireMfa(request: FastifyRequest, done: HookHandlerDoneFunction) {
    if (!request.verifiedUser.auth?.requireMFA) return done();
    let has: boolean | Promise<boolean>;
    try {
      has = mfa.hasMfa(request.verifiedUser);
    } catch (error) {
      return done(error as Error);
    }
    if (typeof has === 'boolean') return settle(request, has, done);
    has.then((answer) => settle(request, answer, done), done);
  }

  function settle(request: FastifyRequest, hasMfa: boolean, done: HookHandlerDoneFunction) {
    if (hasMfa) return done();
    request.mfaPending = true;
    if (request.routeOptions.config.servesMfaPending) return done();
    done(new PlatformError('CFG_ERR_MFA_REQUIRED', 'your organisation requires multi-factor authentication: set it up on your profile page first'));
  }

  /**
   * Signs in the holder of a publish token as its publisher: sub `publisher:{id}` and its subject in
   * place of an e-mail address, which the audit shows as the actor. No role: only `publishing` lets it on.
   */
  async function publisher(request: FastifyRequest, token: string): Promise<void> {
    const holder = await options.publishTokens?.(token);
    if (!holder) throw new PlatformError('CFG_ERR_UNAUTHENTICATED', 'publish token has expired, was never issued, or its publisher was revoked');
    const rights: PublishingRights = holder;
    if (!request.routeOptions.config.publishStep) throw notAPublishingStep(rights);
    request.publishing = rights;
    request.verifiedUser = { sub: `publisher:${holder.publisher.id}`, email: holder.publisher.subject, givenName: '', familyName: '', auth: undefined };
  }

  async function verify(request: FastifyRequest, header: string | undefined): Promise<void> {
    let claims: Record<string, unknown>;
    try {
      claims = await request.jwtVerify<Record<string, unknown>>();
    } catch (error) {
      if (isPlatformError(error)) throw error;
      const cause = (error as { cause?: unknown }).cause;
      if (isPlatformError(cause)) throw cause;
      throw new PlatformError('CFG_ERR_UNAUTHENTICATED', (error as Error).message.replace(/^Authorization token (is )?/i, 'token '), { cause: error });
    }
    // A token issued in the future was not issued by a pool whose clock agrees with ours.
    if (typeof claims.iat !== 'number' || claims.iat > Date.now() / 1000 + CLOCK_SKEW_S)
      throw new PlatformError('CFG_ERR_UNAUTHENTICATED', 'token is issued in the future');
    // A token that lives for long outlasts every rotation and revocation: one stolen would serve for good.
    if (typeof claims.exp !== 'number' || claims.exp - claims.iat > MAX_TOKEN_LIFETIME_S)
      throw new PlatformError('CFG_ERR_UNAUTHENTICATED', 'token lives longer than 24 hours (exp - iat)');
    // Only an ID token carries the user's attributes; an access token must not stand in for it.
    if (claims.token_use !== 'id') throw new PlatformError('CFG_ERR_UNAUTHENTICATED', 'an ID token is required');
    const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
    const meta = readMetaClaim(claims);
    request.verifiedUser = {
      sub: text('sub'),
      email: text('email'),
      givenName: text('given_name'),
      familyName: text('family_name'),
      expiresAt: typeof claims.exp === 'number' ? claims.exp : undefined,
      issuedAt: claims.iat,
      ...(text('cognito:username') ? { username: text('cognito:username') } : {}),
      auth: readAuthClaim(claims),
      ...(meta ? { meta } : {}),
    };
    // Kept until the token expires; a token without a numeric exp was refused above (requiredClaims).
    if (header && typeof claims.exp === 'number') verified.set(header, request.verifiedUser, claims.exp);
  }
}

export default fp(authenticationPlugin, { name: 'authentication' });
