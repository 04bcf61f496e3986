import fastifyJwt, { type TokenOrHeader } from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { readAuthClaim } from '../claims/readAuthClaim.ts';
import { readMetaClaim } from '../claims/readMetaClaim.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { LOCAL_IDP_KEY_THUMBPRINT } from '../identity/localSigningKey.ts';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import { MfaStatus } from '../identity/mfaStatus.ts';
import type { UserStatus, UserVerdict } from '../identity/userStatus.ts';
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
  /** Whether users are enabled, as the user directory says (decision 0093); left out, nobody is refused for it. */
  userStatus?: UserStatus;
  /**
   * Told of each token verified afresh, not of one remembered: the user directory's refresh from sign-in
   * (decision 0091). Not awaited: it neither delays nor fails the request, and its failure is logged.
   */
  onVerified?: (user: VerifiedUser, claims: Readonly<Record<string, unknown>>) => Promise<void>;
  /** Who holds a publish token (issue 38); left out, publish tokens are refused like any other stranger's token. */
  publishTokens?: (token: string) => Promise<PublishTokenHolder | undefined>;
  /** Whether unrestricted staff administer only with a second factor set up (STAFF_ADMIN_REQUIRES_MFA, decision 0095); left out, they need none. */
  staffAdminRequiresMfa?: boolean;
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
    /**
     * Set when unrestricted staff administer only with a second factor (decision 0095): whether the user
     * has one, as the identity provider says. The admin API asks it; unset, nobody is asked.
     */
    staffAdminMfa: ((user: VerifiedUser) => boolean | Promise<boolean>) | undefined;
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

  // Read when scraped: the status is the process's, shared by the apps a test builds on it.
  const userStatus = options.userStatus;
  if (userStatus && app.hasDecorator('metrics'))
    new Counter({
      name: 'config_user_status_unreadable_total',
      help: 'Reads of the user directory for whether a user is disabled that failed or timed out; the user was served as last read (decision 0093)',
      registers: [app.metrics.registry],
      collect() {
        this.reset();
        this.inc(userStatus.unreadable);
      },
    });

  app.decorateRequest('verifiedUser', null as unknown as VerifiedUser);
  app.decorateRequest('mfaPending', false);
  app.decorateRequest('publishing', undefined);
  app.decorate('staffAdminMfa', options.staffAdminRequiresMfa ? (user: VerifiedUser) => mfa.hasMfa(user) : undefined);
  app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    // Cognito's ID tokens are a few KB; a far bigger one is not one of them, and is not worth parsing.
    const header = request.headers.authorization;
    if (header && header.length > MAX_AUTHORIZATION_LENGTH) return done(new PlatformError('CFG_ERR_UNAUTHENTICATED', 'token is too large'));
    // A trusted publisher's publish token (decision 0086): it reaches publishing steps only, which check the rest.
    if (header?.startsWith(`Bearer ${PUBLISH_TOKEN_PREFIX}`)) return void publisher(request, header.slice('Bearer '.length)).then(() => done(), done);
    const known = header ? verified.get(header) : undefined;
    if (known) {
      request.verifiedUser = known;
      return requireEnabled(request, done);
    }
    verify(request, header).then(() => requireEnabled(request, done), done);
  });

  /**
   * Refuses a user the directory holds as disabled, whatever their token (issue 37): a remembered token
   * too, so a disable reaches a user's open tab within the status cache's window on every replica.
   */
  function requireEnabled(request: FastifyRequest, done: HookHandlerDoneFunction) {
    const { sub, issuedAt } = request.verifiedUser;
    const verdict = options.userStatus?.check(sub, issuedAt) ?? true;
    if (verdict === true) return requireMfa(request, done);
    if (typeof verdict === 'string') return done(refusal(verdict));
    verdict.then((answer) => (answer === true ? requireMfa(request, done) : done(refusal(answer))), done);
  }

  const refusal = (verdict: Exclude<UserVerdict, true>) => {
    // A deleted account is refused as a disabled one: the web app's sign-in screen says why, and a new sign-in fails.
    if (verdict === 'removed') return new PlatformError('CFG_ERR_USER_DISABLED', 'your account no longer exists: ask your administrator');
    // Enabled again: the session the disable ended stays ended, and signing in afresh starts a new one.
    if (verdict === 'ended') return new PlatformError('CFG_ERR_UNAUTHENTICATED', 'this session ended when your account was disabled: sign in again');
    return new PlatformError('CFG_ERR_USER_DISABLED', 'your account has been disabled: ask your administrator to enable it again');
  };

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
    // The route first (decision 0098): a publish token anywhere else costs no database read.
    if (!request.routeOptions.config.publishStep) throw notAPublishingStep(true);
    const holder = await options.publishTokens?.(token);
    if (!holder) throw new PlatformError('CFG_ERR_UNAUTHENTICATED', 'publish token has expired, was never issued, or its publisher was revoked');
    const rights: PublishingRights = holder;
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
    const { onVerified } = options;
    if (onVerified)
      void Promise.resolve(request.verifiedUser)
        .then((user) => onVerified(user, claims))
        .catch((error: unknown) => request.log.error({ err: error }, 'user directory not refreshed from a verified token'));
  }
}

export default fp(authenticationPlugin, { name: 'authentication' });
