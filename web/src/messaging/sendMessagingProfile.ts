import type { PublicConfig } from '@platform/schemas';
import { callService } from '../api/apiClient.ts';
import { messagingEndpoint, type ProfileSource } from './messagingEndpoint.ts';

/** Sends the user's endpoint update to the messaging service this deployment has (spec section 7). */
export async function sendMessagingProfile(messaging: NonNullable<PublicConfig['messaging']>, profile: ProfileSource): Promise<void> {
  const endpoint = messagingEndpoint(profile);
  if (messaging.kind === 'local') {
    await callService('/messaging/endpoints', { method: 'POST', body: endpoint });
    return;
  }
  // Only deployments with a Pinpoint project load Amplify's analytics at all.
  const [{ Amplify }, { identifyUser }] = await Promise.all([import('aws-amplify'), import('aws-amplify/analytics')]);
  const config = Amplify.getConfig();
  if (!config.Analytics) Amplify.configure({ ...config, Analytics: { Pinpoint: { appId: messaging.appId, region: messaging.region } } });
  await identifyUser({
    userId: endpoint.userId,
    userProfile: { email: endpoint.address, name: endpoint.attributes.user[0] },
    options: { userAttributes: endpoint.attributes },
  });
}
