/** Cognito's limit for a custom attribute; more is not a pool's meta, and would swell every manifest. */
export const META_MAX_LENGTH = 2048;

/**
 * The meta object of the verified claims, as the pool wrote it, for the web app to show. The
 * platform takes no decision from it, so one it cannot use (not JSON, not an object, too long)
 * is left out rather than refused: it must never keep anyone out.
 */
export function readMetaClaim(claims: Record<string, unknown>): Record<string, unknown> | undefined {
  const raw = claims['custom:meta'];
  if (typeof raw !== 'string' || !raw || raw.length > META_MAX_LENGTH) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
