import type { MessagingEndpoint } from '@platform/schemas';
import type { MessagingSettings } from '../settings.ts';

/** One user's profile as the service forwards it: built from the verified token, never from the body alone. */
export interface ProfileUpdate {
  /** The token's subject: the key updates are coalesced and profiles found by. */
  sub: string;
  /** When the service took it, ISO 8601. */
  receivedAt: string;
  givenName: string;
  familyName: string;
  /** Spec section 7's endpoint update. */
  endpoint: MessagingEndpoint;
}

/** Where profiles go. `deliver` resolves once the sink has the profile and throws (or rejects) when it has not. */
export interface MessagingSink {
  readonly kind: MessagingSettings['kind'];
  deliver(update: ProfileUpdate): void | Promise<void>;
}

/**
 * A sink's answer that trying again will not change (a redirect, or a 4xx other than 408 and 429: the
 * request itself, the secret or the permissions are wrong): the queue drops the profile at once.
 */
const isPermanentStatus = (status: number): boolean => status >= 300 && status < 500 && status !== 408 && status !== 429;

/** A delivery that failed, with the sink's status when it answered one. */
export class SinkFailure extends Error {
  readonly permanent: boolean;

  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SinkFailure';
    this.permanent = status !== undefined && isPermanentStatus(status);
  }
}
