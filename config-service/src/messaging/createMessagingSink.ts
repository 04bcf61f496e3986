import type { MessagingSettings } from '../settings.ts';
import { LocalMessagingSink } from './localSink.ts';
import type { MessagingSink } from './messagingSink.ts';
import { webhookSink } from './webhookSink.ts';

/** The sink the settings name. */
export async function createMessagingSink(settings: MessagingSettings): Promise<MessagingSink> {
  switch (settings.kind) {
    case 'local':
      return new LocalMessagingSink();
    case 'connect-customer-profiles': {
      // The AWS SDK's client is loaded only by the deployments that use it: start-up and memory stay as they were for the rest.
      const { customerProfilesSink } = await import('./customerProfilesSink.ts');
      return customerProfilesSink({ domain: settings.domain, region: settings.region, endpoint: settings.endpoint });
    }
    case 'webhook':
      return webhookSink({ url: settings.url, secret: settings.secret });
  }
}
