import type { MessagingEndpointList } from '@platform/schemas';
import { RecentList } from './recentList.ts';
import type { MessagingSink, ProfileUpdate } from './messagingSink.ts';

/** How many profiles the local sink keeps. */
const KEPT = 500;

type Received = MessagingEndpointList['endpoints'][number];

/** The local stand-in for a messaging service: keeps the newest profiles in memory for staff to read. Never fails. */
export class LocalMessagingSink implements MessagingSink {
  readonly kind = 'local';
  readonly #received = new RecentList<Received>(KEPT);

  deliver({ receivedAt, sub, endpoint }: ProfileUpdate): void {
    this.#received.add({ receivedAt, sub, endpoint });
  }

  newestFirst(): Received[] {
    return this.#received.newestFirst();
  }
}
