import { createHmac, timingSafeEqual } from 'node:crypto';
import { PlatformError } from '../../errors.ts';

/** How long a download link works. */
export const LINK_LIFETIME_S = 5 * 60;

const mac = (key: Buffer, customerId: string, artifact: string, expires: number) =>
  createHmac('sha256', key).update(`${customerId}\n${artifact}\n${expires}`).digest();

/** A presigned link: whoever holds it may download this artifact of this customer until it expires. */
export function signArtifactLink(key: Buffer, customerId: string, artifact: string, now = Date.now()): { url: string; expiresAt: string } {
  const expires = Math.floor(now / 1000) + LINK_LIFETIME_S;
  const signature = mac(key, customerId, artifact, expires).toString('base64url');
  return {
    url: `/api/main/artifacts/${encodeURIComponent(customerId)}/${encodeURIComponent(artifact)}?expires=${expires}&signature=${signature}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** Refuses (403) a link whose signature does not cover exactly these values, or that has expired. */
export function verifyArtifactLink(key: Buffer, customerId: string, artifact: string, expires: number, signature: string, now = Date.now()): void {
  const expected = mac(key, customerId, artifact, expires);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new PlatformError('CFG_ERR_FORBIDDEN', 'the download link is not valid');
  if (expires * 1000 <= now) throw new PlatformError('CFG_ERR_FORBIDDEN', 'the download link has expired; ask for a new one');
}
