import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manualClock.ts';
import { DeliveryQueue, type DeliveryQueueOptions } from './deliveryQueue.ts';
import { SinkFailure } from './messagingSink.ts';

/** A sink whose every delivery waits until the test settles it. */
function heldSink() {
  const calls: { item: string; succeed(): void; fail(error?: unknown): void }[] = [];
  const deliver = (item: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ item, succeed: () => resolve(), fail: (error = new SinkFailure('down', 503)) => reject(error) });
    });
  return { calls, deliver };
}

function queueWith(deliver: DeliveryQueueOptions<string>['deliver'], options: Partial<DeliveryQueueOptions<string>> = {}) {
  const clock = new ManualClock();
  // random 1: the full back-off, so the waits are the exponential series itself.
  const queue = new DeliveryQueue<string>({ deliver, limit: 100, maxAttempts: 4, clock, random: () => 1, ...options });
  return { clock, queue };
}

describe('DeliveryQueue', () => {
  it('delivers at once, and keeps nothing once the sink took it', async () => {
    const delivered: string[] = [];
    const { queue } = queueWith((item) => {
      delivered.push(item);
    });
    queue.submit('erin', 'profile 1');
    expect(delivered).toEqual(['profile 1']);
    expect(queue.depth).toBe(0);
    expect(queue.stats).toMatchObject({ sent: 1, failedAttempts: 0 });
  });

  it('retries a failed attempt after exponential back-off, and counts each step', async () => {
    const sink = heldSink();
    const { clock, queue } = queueWith(sink.deliver);
    queue.submit('erin', 'p');
    const waits: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      sink.calls[attempt]!.fail();
      await queue.settled();
      waits.push(clock.nextTimerIn());
      // Not a moment early.
      clock.advance(waits.at(-1)! - 1);
      expect(sink.calls).toHaveLength(attempt + 1);
      clock.advance(1);
      expect(sink.calls).toHaveLength(attempt + 2);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    sink.calls[3]!.succeed();
    await queue.settled();
    expect(queue.stats).toMatchObject({ sent: 1, failedAttempts: 3, retried: 3 });
    expect(queue.depth).toBe(0);
    expect(clock.nextTimerIn()).toBeUndefined();
  });

  it('spreads the waits with jitter between half and all of the back-off, up to the cap', async () => {
    const waitsWith = async (random: number, failures: number) => {
      const sink = heldSink();
      const { clock, queue } = queueWith(sink.deliver, { random: () => random, maxAttempts: 20, maxDelayMs: 5_000 });
      queue.submit('erin', 'p');
      const waits: (number | undefined)[] = [];
      for (let attempt = 0; attempt < failures; attempt++) {
        sink.calls[attempt]!.fail();
        await queue.settled();
        waits.push(clock.nextTimerIn());
        clock.advance(waits.at(-1)!);
      }
      return waits;
    };
    expect(await waitsWith(0, 5)).toEqual([500, 1_000, 2_000, 2_500, 2_500]);
    expect(await waitsWith(0.5, 4)).toEqual([750, 1_500, 3_000, 3_750]);
  });

  it('gives up after maxAttempts, and counts the profile as dropped', async () => {
    const sink = heldSink();
    const { clock, queue } = queueWith(sink.deliver, { maxAttempts: 2 });
    queue.submit('erin', 'p');
    sink.calls[0]!.fail();
    await queue.settled();
    clock.advance(clock.nextTimerIn()!);
    sink.calls[1]!.fail();
    await queue.settled();
    expect(queue.depth).toBe(0);
    expect(clock.nextTimerIn()).toBeUndefined();
    expect(queue.stats).toMatchObject({ failedAttempts: 2, retried: 1, dropped: { attempts: 1 } });
  });

  it('drops at once what the sink refuses for good (a 4xx but 408 and 429), and retries what it may take later', async () => {
    const sink = heldSink();
    const { queue } = queueWith(sink.deliver);
    queue.submit('erin', 'p');
    sink.calls[0]!.fail(new SinkFailure('refused', 401));
    queue.submit('vic', 'p');
    sink.calls[1]!.fail(new SinkFailure('slow down', 429));
    queue.submit('sam', 'p');
    sink.calls[2]!.fail(new Error('unexpected'));
    await queue.settled();
    expect(queue.stats).toMatchObject({ failedAttempts: 3, retried: 2, dropped: { rejected: 1 } });
    expect(queue.depth).toBe(2);
  });

  it('keeps one entry a user: a newer profile replaces the waiting one, which is never sent', async () => {
    const sink = heldSink();
    const { clock, queue } = queueWith(sink.deliver);
    queue.submit('erin', 'first');
    sink.calls[0]!.fail();
    await queue.settled();
    queue.submit('erin', 'second');
    queue.submit('erin', 'third');
    // Coalesced onto the retry's schedule: the failing sink is not asked again sooner.
    expect(sink.calls).toHaveLength(1);
    expect(queue.depth).toBe(1);
    clock.advance(clock.nextTimerIn()!);
    expect(sink.calls.map((call) => call.item)).toEqual(['first', 'third']);
    sink.calls[1]!.succeed();
    await queue.settled();
    expect(queue.stats).toMatchObject({ sent: 1, coalesced: 2 });
    expect(queue.depth).toBe(0);
  });

  it('sends the newer profile that arrived while the older was in flight', async () => {
    const sink = heldSink();
    const { queue } = queueWith(sink.deliver);
    queue.submit('erin', 'older');
    queue.submit('erin', 'newer');
    expect(sink.calls).toHaveLength(1);
    sink.calls[0]!.succeed();
    await queue.settled();
    expect(sink.calls.map((call) => call.item)).toEqual(['older', 'newer']);
    sink.calls[1]!.succeed();
    await queue.settled();
    expect(queue.depth).toBe(0);
  });

  it('holds at most `limit` users, dropping the one whose latest profile is oldest', async () => {
    const sink = heldSink();
    const { clock, queue } = queueWith(sink.deliver, { limit: 3, concurrency: 10 });
    for (const user of ['a', 'b', 'c']) queue.submit(user, `${user}1`);
    for (const call of sink.calls) call.fail();
    await queue.settled();
    // a's newer profile makes b the oldest.
    queue.submit('a', 'a2');
    queue.submit('d', 'd1');
    queue.submit('e', 'e1');
    expect(queue.depth).toBe(3);
    expect(queue.stats.dropped.queue_full).toBe(2);
    for (const call of sink.calls.slice(3)) call.succeed();
    await queue.settled();
    clock.advance(clock.nextTimerIn()!);
    expect(sink.calls.slice(5).map((call) => call.item)).toEqual(['a2']);
    expect(sink.calls.map((call) => call.item)).not.toContain('b2');
    expect(sink.calls.filter((call) => call.item.startsWith('b'))).toHaveLength(1);
  });

  it('has at most `concurrency` deliveries in flight; the rest start as slots free', async () => {
    const sink = heldSink();
    const { queue } = queueWith(sink.deliver, { concurrency: 2 });
    for (const user of ['a', 'b', 'c', 'd', 'e']) queue.submit(user, user);
    const started = [sink.calls.length];
    while (queue.depth > 0) {
      for (const call of sink.calls.slice(-2)) call.succeed();
      await queue.settled();
      started.push(sink.calls.length);
    }
    expect(started).toEqual([2, 4, 5, 5]);
    expect(queue.stats.sent).toBe(5);
  });

  it('on close, tries what waits once more at once, then drops what is left and says how much', async () => {
    const sink = heldSink();
    const { clock, queue } = queueWith(sink.deliver);
    queue.submit('a', 'a');
    queue.submit('b', 'b');
    for (const call of sink.calls) call.fail();
    await queue.settled();
    const closing = queue.close(2_000);
    expect(sink.calls.map((call) => call.item)).toEqual(['a', 'b', 'a', 'b']);
    sink.calls[2]!.succeed();
    await Promise.resolve();
    clock.advance(2_000);
    expect(await closing).toBe(1);
    expect(queue.stats).toMatchObject({ sent: 1, dropped: { shutdown: 1 } });
    queue.submit('c', 'c');
    expect(sink.calls).toHaveLength(4);
    expect(queue.stats.dropped.shutdown).toBe(2);
  });
});
