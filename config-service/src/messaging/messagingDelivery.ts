import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MessagingQueueSettings, MessagingSettings } from '../settings.ts';
import { createMessagingSink } from './createMessagingSink.ts';
import { DeliveryQueue } from './deliveryQueue.ts';
import { registerMessagingMetrics } from './messagingMetrics.ts';
import type { MessagingSink, ProfileUpdate } from './messagingSink.ts';

/** How long a stopping service keeps trying the profiles that wait, within the shutdown's own limit. */
const FLUSH_MS = 2_000;

export interface MessagingDeliveryOptions {
  settings: MessagingSettings;
  queue: MessagingQueueSettings;
  /** Instead of the sink the settings name (tests). */
  sink?: MessagingSink;
}

/** The sink profiles go to, and the queue that takes them there. */
export interface MessagingDelivery {
  readonly sink: MessagingSink;
  /** Takes `update` as `key`'s latest; never waits for the sink (decision 0055). */
  submit(key: string, update: ProfileUpdate): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    messagingDelivery: MessagingDelivery;
  }
}

/**
 * The messaging sink and its bounded retry queue, whose life is the app's: built when the plugin is
 * registered, counted in /metrics, and drained (within FLUSH_MS) when the app closes, so a graceful
 * shutdown gives waiting profiles one more try and counts the rest as dropped.
 */
async function messagingDelivery(app: FastifyInstance, options: MessagingDeliveryOptions) {
  const sink = options.sink ?? (await createMessagingSink(options.settings));
  const queue = new DeliveryQueue<ProfileUpdate>({
    deliver: (update) => sink.deliver(update),
    limit: options.queue.limit,
    maxAttempts: options.queue.maxAttempts,
    onHealth: (healthy, error) =>
      healthy
        ? app.log.info({ sink: sink.kind }, 'messaging sink delivers again')
        : app.log.warn({ sink: sink.kind, err: error }, 'messaging sink failing; profiles wait to be retried'),
  });
  registerMessagingMetrics(app.metrics.registry, queue, sink.kind);
  app.addHook('onClose', async () => {
    const lost = await queue.close(FLUSH_MS);
    if (lost > 0) app.log.warn({ sink: sink.kind, lost }, 'messaging profiles not delivered before shutdown');
  });
  app.decorate('messagingDelivery', { sink, submit: (key, update) => queue.submit(key, update) } satisfies MessagingDelivery);
}

export default fp(messagingDelivery, { name: 'messaging-delivery' });
