import {
  CreateProfileCommand,
  CustomerProfilesClient,
  SearchProfilesCommand,
  UpdateProfileCommand,
  type CustomerProfilesClientConfig,
} from '@aws-sdk/client-customer-profiles';
import { SinkFailure, type MessagingSink, type ProfileUpdate } from './messagingSink.ts';

/** The standard search key of a profile's AccountNumber, where the platform keeps the user's `sub`. */
export const ACCOUNT_KEY = '_account';

export interface CustomerProfilesSinkOptions {
  domain: string;
  region: string;
  /** Another address for the API (a VPC endpoint; a stand-in under test); unset: the region's own. */
  endpoint?: string;
  /** Unset: the service's own, from the SDK's default chain (environment, role of the task or instance). */
  credentials?: CustomerProfilesClientConfig['credentials'];
}

/** The endpoint update as profile fields (decision 0055). `clear`: '' for an attribute the user no longer has, as UpdateProfile removes it. */
function profileFields({ sub, givenName, familyName, endpoint }: ProfileUpdate, clear: boolean) {
  const attributes: Record<string, string> = {
    userId: endpoint.userId,
    user: endpoint.attributes.user[0] ?? '',
    role: endpoint.attributes.role[0] ?? '',
    companyId: endpoint.attributes.companyId[0] ?? '',
  };
  return {
    AccountNumber: sub,
    EmailAddress: endpoint.address,
    ...(givenName || clear ? { FirstName: givenName } : {}),
    ...(familyName || clear ? { LastName: familyName } : {}),
    Attributes: clear ? attributes : Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== '')),
  };
}

/**
 * Amazon Connect Customer Profiles, the successor AWS names for Pinpoint's endpoints: the user's profile
 * is found by AccountNumber (the token's `sub`) and updated, or created when there is none. The SDK
 * tries once; the service's queue does the retrying, with its back-off and bounds.
 */
export function customerProfilesSink(options: CustomerProfilesSinkOptions): MessagingSink {
  const client = new CustomerProfilesClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
  });
  const DomainName = options.domain;
  return {
    kind: 'connect-customer-profiles',
    async deliver(update: ProfileUpdate) {
      try {
        const found = await client.send(new SearchProfilesCommand({ DomainName, KeyName: ACCOUNT_KEY, Values: [update.sub], MaxResults: 1 }));
        const ProfileId = found.Items?.[0]?.ProfileId;
        if (ProfileId) await client.send(new UpdateProfileCommand({ DomainName, ProfileId, ...profileFields(update, true) }));
        else await client.send(new CreateProfileCommand({ DomainName, ...profileFields(update, false) }));
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        throw new SinkFailure(status ? `Customer Profiles answered ${status}` : 'Customer Profiles could not be reached', status, { cause: error });
      }
    },
  };
}
