import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { publicConfigQuery } from '../api/publicConfig.ts';
import { sendMessagingProfile } from '../messaging/sendMessagingProfile.ts';
import { useCustomerId } from './useCustomerId.ts';
import { useSession } from './useSession.ts';

/** Profiles already sent from this page load, by user and customer. */
const sent = new Set<string>();

/** Spec section 7: on load, after sign-in, the user's profile goes to the messaging service once (once `enabled`). */
export function useMessagingProfile(enabled = true) {
  const { data: config } = useQuery(publicConfigQuery);
  const session = useSession();
  const customerId = useCustomerId();
  useEffect(() => {
    if (!config?.messaging || !session || !enabled) return;
    const key = `${session.sub}\0${customerId ?? ''}`;
    if (sent.has(key)) return;
    sent.add(key);
    // Section 8 lists no behaviour for a failed profile update: it must never disturb the user.
    sendMessagingProfile({ ...session, customerId }).catch((error: unknown) => {
      sent.delete(key);
      console.warn('messaging profile update failed', error);
    });
  }, [config, session, customerId, enabled]);
}
