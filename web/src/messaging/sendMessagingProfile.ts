import { messagingEndpoint, type ProfileSource } from '@platform/schemas';
import { callService } from '../api/apiClient.ts';

/**
 * Sends the user's endpoint update (spec section 7) to the platform, which forwards it to the messaging
 * service it is configured with. The browser talks to no messaging service itself (decision 0055).
 */
export async function sendMessagingProfile(profile: ProfileSource): Promise<void> {
  await callService('/messaging/endpoints', { method: 'POST', body: messagingEndpoint(profile) });
}
