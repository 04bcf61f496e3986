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
  /** When the token was issued (seconds since the epoch). */
  issuedAt?: number;
  /** The name the user pool knows the user by (`cognito:username`), which its admin API asks for. */
  username?: string;
}
