import { Counter, Gauge, type Registry } from 'prom-client';
import type { DeliveryStats, DropReason } from './deliveryQueue.ts';

const REASONS: readonly DropReason[] = ['queue_full', 'attempts', 'rejected', 'shutdown'];

/** The queue's counts in /metrics, read when scraped (decision 0055). */
export function registerMessagingMetrics(registry: Registry, queue: { readonly stats: DeliveryStats; readonly depth: number }, sink: string): void {
  const registers = [registry];
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      labelNames: ['sink'],
      registers,
      collect() {
        this.reset();
        this.inc({ sink }, read());
      },
    });
  counter('config_messaging_profiles_sent_total', 'Messaging profiles the sink took', () => queue.stats.sent);
  counter('config_messaging_attempts_failed_total', 'Attempts at delivering a messaging profile that failed', () => queue.stats.failedAttempts);
  counter('config_messaging_retries_total', 'Retries of a messaging profile scheduled after a failed attempt', () => queue.stats.retried);
  counter('config_messaging_profiles_coalesced_total', "Messaging profiles replaced by the same user's newer one before delivery", () => queue.stats.coalesced);
  new Counter({
    name: 'config_messaging_profiles_dropped_total',
    help: 'Messaging profiles given up: queue_full (the oldest, past MESSAGING_QUEUE_LIMIT), attempts (MESSAGING_MAX_ATTEMPTS), rejected (an answer retrying cannot change), shutdown',
    labelNames: ['sink', 'reason'],
    registers,
    collect() {
      this.reset();
      for (const reason of REASONS) this.inc({ sink, reason }, queue.stats.dropped[reason]);
    },
  });
  new Gauge({
    name: 'config_messaging_queue_depth',
    help: 'Users whose latest messaging profile waits for the sink (in flight or to be retried)',
    labelNames: ['sink'],
    registers,
    collect() {
      this.set({ sink }, queue.depth);
    },
  });
}
