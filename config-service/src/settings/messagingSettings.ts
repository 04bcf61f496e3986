import type { Environment } from './environmentSchema.ts';
import { SettingsError } from './settingsError.ts';

/** The one sink the service hands messaging profiles to (decision 0055); null: MESSAGING_SINK=none. */
export type MessagingSettings =
  | { kind: 'local' }
  | { kind: 'connect-customer-profiles'; domain: string; region: string; endpoint: string | undefined }
  | { kind: 'webhook'; url: string; secret: string };

/** How long the retry queue may grow and how often one user's profile is tried. */
export interface MessagingQueueSettings {
  /** Users whose latest profile waits; past it the oldest is dropped. */
  limit: number;
  /** Attempts at one profile, the first included, before it is dropped. */
  maxAttempts: number;
}

/**
 * The sink MESSAGING_SINK names, with the variables it needs; `region` is the default region (COGNITO_REGION).
 * Unset, it is the local sink in the local environment only: elsewhere that default would keep every
 * user's profile in one process's memory and deliver none, with nothing at start saying so.
 */
export function messagingSettings(
  values: Environment,
  region: string,
  { environment, local }: { environment: string; local: boolean },
): MessagingSettings | null {
  const sink = values.MESSAGING_SINK ?? (local ? 'local' : undefined);
  switch (sink) {
    case undefined:
      throw new SettingsError(
        'MESSAGING_SINK',
        `has no default where ENVIRONMENT is '${environment}' (not local): choose where users' messaging profiles go, connect-customer-profiles, webhook or none (local keeps them in this process's memory and delivers none)`,
      );
    case 'none':
      return null;
    case 'local':
      return { kind: 'local' };
    case 'connect-customer-profiles': {
      const domain = values.MESSAGING_CUSTOMER_PROFILES_DOMAIN;
      if (!domain) throw new SettingsError('MESSAGING_CUSTOMER_PROFILES_DOMAIN', 'is required when MESSAGING_SINK is connect-customer-profiles');
      return {
        kind: 'connect-customer-profiles',
        domain,
        region: values.MESSAGING_CUSTOMER_PROFILES_REGION ?? region,
        endpoint: values.MESSAGING_CUSTOMER_PROFILES_ENDPOINT,
      };
    }
    case 'webhook': {
      const { MESSAGING_WEBHOOK_URL: url, MESSAGING_WEBHOOK_SECRET: secret } = values;
      if (!url) throw new SettingsError('MESSAGING_WEBHOOK_URL', 'is required when MESSAGING_SINK is webhook');
      if (!secret) throw new SettingsError('MESSAGING_WEBHOOK_SECRET', 'is required when MESSAGING_SINK is webhook');
      return { kind: 'webhook', url, secret };
    }
  }
}
