import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PublicConfig } from '@platform/schemas';
import { postJson } from '../api/http.ts';
import { publicConfigQuery } from '../api/publicConfig.ts';
import { currentIdToken } from '../auth/currentIdToken.ts';
import { chosenCustomer } from '../selection/customerContext.ts';
import { messagingEndpoint, type ProfileSource } from '../messaging/messagingEndpoint.ts';
import { useCustomerId } from './useCustomerId.ts';
import { useSession } from './useSession.ts';

/** Profiles already sent from this page load, by user and customer. */
const sent = new Set<string>();

async function sendProfile(messaging: NonNullable<PublicConfig['messaging']>, profile: ProfileSource): Promise<void> {
  const endpoint = messagingEndpoint(profile);
  if (messaging.kind === 'local') {
    const customer = chosenCustomer();
    await postJson('/api/v1/messaging/endpoints', endpoint, {
      authorization: `Bearer ${(await currentIdToken()) ?? ''}`,
      ...(customer ? { 'x-customer-id': customer } : {}),
    });
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

/** Spec section 7: on load, after sign-in, the user's profile goes to the messaging service once. */
export function useMessagingProfile() {
  const { data: config } = useQuery(publicConfigQuery);
  const session = useSession();
  const customerId = useCustomerId();
  useEffect(() => {
    const messaging = config?.messaging;
    if (!messaging || !session) return;
    const key = `${session.sub}\0${customerId ?? ''}`;
    if (sent.has(key)) return;
    sent.add(key);
    // Section 8 lists no behaviour for a failed profile update: it must never disturb the user.
    sendProfile(messaging, { ...session, customerId }).catch((error: unknown) => {
      sent.delete(key);
      console.warn('messaging profile update failed', error);
    });
  }, [config, session, customerId]);
}
