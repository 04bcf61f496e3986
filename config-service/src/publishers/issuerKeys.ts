import { PlatformError } from '../errors.ts';
import { JWKS_COOLDOWN_MS, JWKS_MAX_AGE_MS, JWKS_TIMEOUT_MS, remoteSigningKeys, type SigningKeys } from '../plugins/signingKeys.ts';
import { issuerAddressProblem } from './issuerAddress.ts';

/**
 * The signature algorithms a publisher's tokens may use: RSA only, as the pool's keys are (the keys'
 * thumbprints are RSA's). Never `none`, never HMAC (a public key would be taken as a shared secret).
 */
const RSA_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
/** What an issuer whose discovery document names no algorithms signs with (OpenID Connect Discovery's default). */
const DEFAULT_ALGORITHMS = ['RS256'];

/** An issuer's keys as its discovery document names them, and the algorithms it signs with. */
export interface IssuerKeySet {
  keys: SigningKeys;
  algorithms: readonly string[];
}

interface Known {
  /** The discovery's outcome: a key set, or the problem it ended with. */
  answer: Promise<IssuerKeySet>;
  /** When it may be asked again (ms): after JWKS_MAX_AGE_MS once answered, JWKS_COOLDOWN_MS once failed. */
  until: number;
  jwksUri?: string;
  keys?: SigningKeys;
}

export interface IssuerKeysOptions {
  /** In a local environment an http issuer (and key set) on loopback is trusted too. */
  local: boolean;
  /** How long one request may take; unset: JWKS_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * Trusted publishers' issuers' signing keys, found by OpenID discovery (`{issuer}/.well-known/openid-configuration`
 * → `jwks_uri`) and kept with the same flood protection as the pool's (remoteSigningKeys: a made-up key id
 * fetches at most once in 30 s). Only issuers a registered publisher names are ever asked: the caller looks
 * the token's issuer up first. A discovery that failed is not tried again for 30 s either.
 */
export class IssuerKeys {
  readonly #issuers = new Map<string, Known>();

  constructor(private readonly options: IssuerKeysOptions) {}

  /** The issuer's keys and algorithms; rejects with PlatformError (502 when its discovery cannot be read). */
  of(issuer: string, now = Date.now()): Promise<IssuerKeySet> {
    const known = this.#issuers.get(issuer);
    if (known && now < known.until) return known.answer;
    const next: Known = { answer: undefined as unknown as Promise<IssuerKeySet>, until: Number.POSITIVE_INFINITY, jwksUri: known?.jwksUri, keys: known?.keys };
    next.answer = this.#discover(issuer, next).then(
      (set) => {
        next.until = Date.now() + JWKS_MAX_AGE_MS;
        return set;
      },
      (error: unknown) => {
        next.until = Date.now() + JWKS_COOLDOWN_MS;
        throw error;
      },
    );
    this.#issuers.set(issuer, next);
    return next.answer;
  }

  async #discover(issuer: string, known: Known): Promise<IssuerKeySet> {
    const timeoutMs = this.options.timeoutMs ?? JWKS_TIMEOUT_MS;
    const unusable = (why: string, cause?: unknown) =>
      new PlatformError('CFG_ERR_IDENTITY_PROVIDER', `the trusted publisher's issuer ${issuer}: ${why}`, { cause });
    let document: { issuer?: unknown; jwks_uri?: unknown; id_token_signing_alg_values_supported?: unknown };
    try {
      const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!response.ok) throw unusable(`its discovery document answered ${response.status}`);
      document = (await response.json()) as typeof document;
    } catch (error) {
      throw error instanceof PlatformError ? error : unusable('its discovery document cannot be read', error);
    }
    // OpenID Connect Discovery 1.0, 4.3: the document names the issuer it was asked of, exactly.
    if (document.issuer !== issuer) throw unusable('its discovery document names another issuer');
    const jwksUri = typeof document.jwks_uri === 'string' ? document.jwks_uri : undefined;
    const problem = jwksUri ? issuerAddressProblem(jwksUri, this.options.local) : 'no jwks_uri';
    if (!jwksUri || problem) throw unusable(`its key set cannot be trusted: ${problem}`);
    // The key set is the issuer's own (GitHub's and GitLab's are): a discovery document cannot send this
    // service to fetch from another host, inside the network or out.
    if (new URL(jwksUri).origin !== new URL(issuer).origin) throw unusable(`its key set ${jwksUri} is not on the issuer's host`);
    const advertised = Array.isArray(document.id_token_signing_alg_values_supported)
      ? document.id_token_signing_alg_values_supported.filter((alg): alg is string => typeof alg === 'string')
      : DEFAULT_ALGORITHMS;
    const algorithms = advertised.filter((alg) => RSA_ALGORITHMS.includes(alg));
    if (!algorithms.length) throw unusable(`it signs with none of ${RSA_ALGORITHMS.join(', ')}`);
    // The same key set as before keeps its cooldown: discovering again never adds a fetch of the keys.
    if (!known.keys || known.jwksUri !== jwksUri) {
      known.keys = remoteSigningKeys(jwksUri, { timeoutMs });
      known.jwksUri = jwksUri;
    }
    return { keys: known.keys, algorithms };
  }
}
