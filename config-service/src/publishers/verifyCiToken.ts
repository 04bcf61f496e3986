import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { PlatformError, isPlatformError } from '../errors.ts';
import type { Publisher, PublisherStore } from '../store/publisherStore.ts';
import type { IssuerKeys } from './issuerKeys.ts';

/** How far an issuer's clock may run ahead of ours, as for the pool's tokens. */
const CLOCK_SKEW_S = 60;
/** The longest life a CI's token may be issued with (GitHub's and GitLab's live minutes); a longer one is refused. */
const MAX_TOKEN_LIFETIME_S = 24 * 60 * 60;
/** Longer tokens are refused unread, as the pool's are. */
const MAX_TOKEN_LENGTH = 8 * 1024;

const refused = (detail: string, cause?: unknown) => new PlatformError('CFG_ERR_UNAUTHENTICATED', detail, { cause });

/**
 * The registered publisher a CI's OpenID Connect token proves itself to be (issue 38, decision 0086).
 * The token's issuer is looked up among the publishers first, so an issuer nobody registered is never
 * asked for anything; then its signature (with a key of the issuer's key set and an algorithm the issuer
 * advertises, RSA only), `iss` and `aud` exactly, `exp`, `nbf` and `iat` are checked. 401 for a token
 * that fails any of these; 403 CFG_ERR_PUBLISHER_UNREGISTERED for a genuine token of a known issuer
 * whose subject no publisher has.
 */
export async function verifyCiToken(token: string, publishers: PublisherStore, issuerKeys: IssuerKeys): Promise<Publisher> {
  if (token.length > MAX_TOKEN_LENGTH) throw refused('token is too large');
  let header: { alg?: unknown; kid?: unknown };
  let issuer: unknown;
  try {
    header = decodeProtectedHeader(token);
    issuer = decodeJwt(token).iss;
  } catch (error) {
    throw refused('the OpenID Connect token is not a JWT', error);
  }
  const { alg, kid } = header;
  if (typeof alg !== 'string' || alg === 'none' || typeof kid !== 'string') throw refused('token must be signed, with a key id');
  if (typeof issuer !== 'string') throw refused('token names no issuer');
  const candidates = await publishers.ofIssuer(issuer);
  if (!candidates.length) throw refused(`no trusted publisher is registered for the issuer ${issuer}`);

  const { keys, algorithms } = await issuerKeys.of(issuer);
  if (!algorithms.includes(alg)) throw refused(`token must be signed with ${algorithms.join(', ')}`);
  const key = await keys({ kid, alg });
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, key.key, {
      issuer,
      algorithms: [...algorithms],
      clockTolerance: CLOCK_SKEW_S,
      requiredClaims: ['sub', 'aud', 'exp', 'iat'],
    }));
  } catch (error) {
    if (isPlatformError(error)) throw error;
    throw refused(`token ${(error as Error).message}`, error);
  }
  const iat = claims.iat as number;
  // A token issued in the future was not issued by an issuer whose clock agrees with ours.
  if (iat > Date.now() / 1000 + CLOCK_SKEW_S) throw refused('token is issued in the future');
  // One that lives long outlasts the revocation of its publisher: stolen, it would serve for good.
  if ((claims.exp as number) - iat > MAX_TOKEN_LIFETIME_S) throw refused('token lives longer than 24 hours (exp - iat)');

  const ofSubject = candidates.filter((publisher) => publisher.subject === claims.sub);
  if (!ofSubject.length) throw new PlatformError('CFG_ERR_PUBLISHER_UNREGISTERED', `no trusted publisher of ${issuer} has the subject '${String(claims.sub)}'`);
  const audiences = [claims.aud].flat();
  const publisher = ofSubject.find((candidate) => audiences.includes(candidate.audience));
  if (!publisher) throw refused("token's audience is not the one its publisher is registered with");
  return publisher;
}
