import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manualClock.ts';
import { startStandIn, type Answer, type Received, type StandInServer } from '../testing/standInServer.ts';
import { DeliveryQueue } from './deliveryQueue.ts';
import { SinkFailure, type ProfileUpdate } from './messagingSink.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSink } from './webhookSink.ts';

const SECRET = 'a-shared-secret-of-32-characters';
const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);
const update = (userId = 'Erin Engineer'): ProfileUpdate => ({
  sub: 'user-1',
  receivedAt: '2026-11-26T09:00:00.000Z',
  givenName: 'Erin',
  familyName: 'Engineer',
  endpoint: { address: 'erin@acme.example', userId, attributes: { user: [userId], role: ['customer'], companyId: ['acme'] } },
});

/** What a receiver does: recompute the signature over the timestamp and the raw body, compare in constant time. */
function verified(request: Received, secret = SECRET): boolean {
  const timestamp = String(request.headers[TIMESTAMP_HEADER]);
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`);
  const given = Buffer.from(String(request.headers[SIGNATURE_HEADER]));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let standIn: StandInServer | undefined;
afterEach(() => standIn?.close());
async function hook(answers: Answer[]) {
  let next = 0;
  standIn = await startStandIn(() => answers[Math.min(next++, answers.length - 1)]!);
  return webhookSink({ url: `${standIn.origin}/hooks/profiles`, secret: SECRET, now: () => NOW });
}

describe('webhook sink', () => {
  it('POSTs the profile as JSON, signed over the timestamp and the body', async () => {
    const sink = await hook([{ status: 204 }]);
    await sink.deliver(update());
    const [request] = standIn!.received;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/hooks/profiles',
      headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(NOW / 1000) },
    });
    expect(JSON.parse(request!.body)).toEqual({ type: 'messaging.endpoint', sub: 'user-1', receivedAt: update().receivedAt, endpoint: update().endpoint });
    expect(verified(request!)).toBe(true);
    // The signature covers the body and the timestamp: changing either, or the secret, breaks it.
    expect(verified({ ...request!, body: request!.body.replace('acme', 'globex') })).toBe(false);
    expect(verified({ ...request!, headers: { ...request!.headers, [TIMESTAMP_HEADER]: String(NOW / 1000 + 1) } })).toBe(false);
    expect(verified(request!, 'another-secret-of-32-characters!')).toBe(false);
  });

  it('fails on any answer but 2xx, permanently for a redirect or a 4xx other than 408 and 429', async () => {
    const sink = await hook([{ status: 503 }, { status: 429 }, { status: 401 }, { status: 302 }, { status: 200 }]);
    const outcomes: (boolean | string)[] = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(
        await Promise.resolve(sink.deliver(update())).then(
          () => 'delivered',
          (error: unknown) => error instanceof SinkFailure && error.permanent,
        ),
      );
    }
    expect(outcomes).toEqual([false, false, true, true, 'delivered']);
  });

  it('fails, to be retried, when nothing answers', async () => {
    const sink = await hook([{ status: 200 }]);
    await standIn!.close();
    await expect(sink.deliver(update())).rejects.toMatchObject({ name: 'SinkFailure', permanent: false, message: 'the webhook could not be reached' });
  });

  it('through the queue: retried with back-off until the receiver takes it, the latest profile of a user only', async () => {
    const sink = await hook([{ status: 500 }, { status: 502 }, { status: 202 }]);
    const clock = new ManualClock();
    const queue = new DeliveryQueue<ProfileUpdate>({ deliver: (u) => sink.deliver(u), limit: 10, maxAttempts: 5, clock, random: () => 1 });
    queue.submit('user-1', update('first'));
    await standIn!.request(0);
    await queue.settled();
    expect(clock.nextTimerIn()).toBe(1_000);
    queue.submit('user-1', update('second'));
    clock.advance(1_000);
    await standIn!.request(1);
    await queue.settled();
    expect(clock.nextTimerIn()).toBe(1_000);
    clock.advance(1_000);
    await queue.settled();
    expect(standIn!.received.map((request) => (JSON.parse(request.body) as { endpoint: { userId: string } }).endpoint.userId)).toEqual([
      'first',
      'second',
      'second',
    ]);
    expect(standIn!.received.every((request) => verified(request))).toBe(true);
    expect(queue.stats).toMatchObject({ sent: 1, failedAttempts: 2, retried: 2, coalesced: 1 });
    expect(queue.depth).toBe(0);
  });

  it('through the queue: a receiver that keeps failing costs maxAttempts requests, then the profile is dropped', async () => {
    const sink = await hook([{ status: 503 }]);
    const clock = new ManualClock();
    const queue = new DeliveryQueue<ProfileUpdate>({ deliver: (u) => sink.deliver(u), limit: 10, maxAttempts: 3, clock, random: () => 0 });
    queue.submit('user-1', update());
    for (let attempt = 0; attempt < 3; attempt++) {
      await standIn!.request(attempt);
      await queue.settled();
      if (attempt < 2) clock.advance(clock.nextTimerIn()!);
    }
    expect(clock.nextTimerIn()).toBeUndefined();
    expect(standIn!.received).toHaveLength(3);
    expect(queue.stats).toMatchObject({ sent: 0, failedAttempts: 3, retried: 2, dropped: { attempts: 1 } });
  });
});
