import type { AuthClaim } from '@platform/schemas';

/** The signed-in user, as their verified ID token describes them. */
export interface VerifiedUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Undefined when the token carries no auth claim. */
  auth: AuthClaim | undefined;
  /** When the token expires (seconds since the epoch). */
  expiresAt?: number;
}
