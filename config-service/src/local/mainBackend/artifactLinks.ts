import { createHmac, timingSafeEqual } from 'node:crypto';
import { PlatformError } from '../../errors.ts';

/** How long a download link works. */
const LINK_LIFETIME_S = 5 * 60;

const signatureOf = (key: Buffer, customerId: string, artifact: string, expires: string) =>
  createHmac('sha256', key).update(`${customerId}\n${artifact}\n${expires}`).digest('base64url');

/** A presigned link: whoever holds it may download this artifact of this customer until it expires. */
export function signArtifactLink(key: Buffer, customerId: string, artifact: string, now = Date.now()): { url: string; expiresAt: string } {
  const expires = Math.floor(now / 1000) + LINK_LIFETIME_S;
  const signature = signatureOf(key, customerId, artifact, String(expires));
  return {
    url: `/api/main/artifacts/${encodeURIComponent(customerId)}/${encodeURIComponent(artifact)}?expires=${expires}&signature=${signature}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * Refuses (403) a link whose signature does not cover exactly these values, or that has expired.
 * `expires` is checked as the text signed, and the signature as text rather than decoded bytes: base64url
 * decoding ignores the last character's spare bits, so a flipped last character would still decode to a
 * valid MAC, and "0123" would pass for "123".
 */
export function verifyArtifactLink(key: Buffer, customerId: string, artifact: string, expires: string, signature: string, now = Date.now()): void {
  const expected = Buffer.from(signatureOf(key, customerId, artifact, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new PlatformError('CFG_ERR_FORBIDDEN', 'the download link is not valid');
  if (Number(expires) * 1000 <= now) throw new PlatformError('CFG_ERR_FORBIDDEN', 'the download link has expired; ask for a new one');
}
