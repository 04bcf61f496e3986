import { createHmac } from 'node:crypto';
import { SinkFailure, type MessagingSink, type ProfileUpdate } from './messagingSink.ts';

/** Headers the receiver checks: the time of this attempt (seconds) and `sha256=` HMAC of `<timestamp>.<body>`. */
export const TIMESTAMP_HEADER = 'x-messaging-timestamp';
export const SIGNATURE_HEADER = 'x-messaging-signature';

/** One attempt may take this long; the queue retries it later. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** The signature of `body` sent at `timestamp` (seconds since the epoch), as the header carries it. */
function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookSinkOptions {
  url: string;
  secret: string;
  /** The clock the timestamp is read from; tests pin it. */
  now?: () => number;
}

/**
 * Any other messaging service: each profile is POSTed as JSON, signed with the shared secret over the
 * attempt's timestamp and the body, so the receiver can refuse a forgery or a replay. Any 2xx is
 * delivered; redirects are not followed (the signature was meant for this address).
 */
export function webhookSink({ url, secret, now = Date.now }: WebhookSinkOptions): MessagingSink {
  return {
    kind: 'webhook',
    async deliver(update: ProfileUpdate) {
      const body = JSON.stringify({ type: 'messaging.endpoint', sub: update.sub, receivedAt: update.receivedAt, endpoint: update.endpoint });
      const timestamp = Math.floor(now() / 1000);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body) },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SinkFailure('the webhook could not be reached', undefined, { cause: error });
      }
      // Read to the end, so the connection can be used again.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SinkFailure(`the webhook answered ${response.status}`, response.status);
    },
  };
}
