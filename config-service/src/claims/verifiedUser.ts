import type { AuthClaim } from '@platform/schemas';

/** The signed-in user, as their verified ID token describes them. */
export interface VerifiedUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Undefined when the token carries no auth claim. */
  auth: AuthClaim | undefined;
  /** The custom:meta object as the pool wrote it; undefined when the token carries none the platform can use. */
  meta?: Record<string, unknown>;
  /** When the token expires (seconds since the epoch). */
  expiresAt?: number;
  /** When the token was issued (seconds since the epoch). */
  issuedAt?: number;
  /** The name the user pool knows the user by (`cognito:username`), which its admin API asks for. */
  username?: string;
}
