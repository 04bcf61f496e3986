import { KeyObject, type webcrypto } from 'node:crypto';
import { createRemoteJWKSet, customFetch, errors } from 'jose';
import { PlatformError } from '../errors.ts';
import { rsaThumbprint } from '../identity/localSigningKey.ts';

/** How long one request for the signing keys may take. */
export const JWKS_TIMEOUT_MS = 3_000;
/** How long a fetched key set serves before it is fetched again: a withdrawn key stops within this (docs/operations.md). */
export const JWKS_MAX_AGE_MS = 10 * 60_000;
/**
 * After any fetch of the key set, how long a token naming a key the set lacks is refused without asking
 * the identity provider again (decision 0040): a new key is accepted at most this long after it is published.
 */
export const JWKS_COOLDOWN_MS = 30_000;

/** A key the identity provider publishes, in the forms verification and the local-key check need. */
export interface SigningKey {
  pem: string;
  /** The same key for node:crypto and jose (a trusted publisher's tokens are verified with it). */
  key: KeyObject;
  /** RFC 7638 thumbprint, to recognise the local identity provider's published key. */
  thumbprint: string;
}

/** Finds the key a token's header names; throws PlatformError (401 unknown key, 502 provider unreachable). */
export type SigningKeys = (header: { kid: string; alg: string }) => Promise<SigningKey>;

/**
 * The identity provider's key set (the user pool's, or a trusted publisher's issuer's), fetched by jose and kept for 10 minutes. At most one fetch is in flight,
 * and a key id the set lacks makes it fetch again only when the last fetch, answered or not, is 30 s old:
 * a flood of made-up key ids costs the provider one request in 30 s, and never pushes the real keys out.
 * `timeoutMs` is JWKS_TIMEOUT_MS but in tests of a provider that never answers, which need not wait 3 s.
 */
export function remoteSigningKeys(jwksUrl: string, { timeoutMs = JWKS_TIMEOUT_MS }: { timeoutMs?: number } = {}): SigningKeys {
  let fetchedAt = Number.NEGATIVE_INFINITY;
  const keySet = createRemoteJWKSet(new URL(jwksUrl), {
    timeoutDuration: timeoutMs,
    cacheMaxAge: JWKS_MAX_AGE_MS,
    // jose's own cooldown counts from the last fetch that succeeded, so while the provider fails (down, or
    // throttling us) every unknown key id would ask again. Ours counts every fetch; jose's is turned off.
    cooldownDuration: Number.POSITIVE_INFINITY,
    [customFetch]: (url: string, init: RequestInit) => {
      fetchedAt = Date.now();
      return fetch(url, init);
    },
  });

  const find = async (header: { kid: string; alg: string }) => {
    try {
      return await keySet(header);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // A fetch in flight is joined; otherwise a recent fetch already said the key is not there.
      if (!keySet.reloading && Date.now() < fetchedAt + JWKS_COOLDOWN_MS) throw error;
      await keySet.reload();
      return keySet(header);
    }
  };

  // jose hands out the same key object while its set is kept: the PEM and thumbprint are made once, not per request.
  const derived = new WeakMap<object, SigningKey>();
  return async (header) => {
    let key: webcrypto.CryptoKey | Uint8Array;
    try {
      key = await onceMore(() => find(header));
    } catch (error) {
      const unknown = error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys;
      throw new PlatformError(unknown ? 'CFG_ERR_UNAUTHENTICATED' : 'CFG_ERR_IDENTITY_PROVIDER', unknown ? 'token signed by an unknown key' : undefined, {
        cause: error,
      });
    }
    let known = derived.get(key);
    if (!known) {
      const object = KeyObject.from(key as webcrypto.CryptoKey);
      const jwk = object.export({ format: 'jwk' });
      derived.set(key, (known = { pem: object.export({ type: 'spki', format: 'pem' }) as string, key: object, thumbprint: rsaThumbprint(jwk) }));
    }
    return known;
  };
}

/**
 * Asks once more if the first request failed on the way or did not answer in time (a kept-alive
 * connection closed just as it was reused can leave a request hanging): a user is not refused for a blip,
 * and never waits without end. A key that is not there, or an answer that is not a key set, is not asked again.
 */
async function onceMore<T>(get: () => Promise<T>): Promise<T> {
  try {
    return await get();
  } catch (error) {
    if (!(error instanceof errors.JWKSTimeout) && !isNetworkFailure(error)) throw error;
    return get();
  }
}

/** fetch's own failure (no answer at all), as opposed to an answer that is not a key set. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError && /fetch failed/i.test((error as Error).message);
