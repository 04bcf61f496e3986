import { Hub } from 'aws-amplify/utils';

/** The outcome of a hosted UI sign-in, kept until the router is there to act on it. */
export type FederatedSignInEvent = { ok: true } | { ok: false; message: string };

let pending: FederatedSignInEvent | undefined;
const listeners = new Set<(event: FederatedSignInEvent) => void>();
let listening = false;

/** Tells the listeners how a hosted UI sign-in ended; kept for the first one when none listens yet. */
export function announceFederatedSignIn(event: FederatedSignInEvent): void {
  if (listeners.size === 0) pending = event;
  for (const listener of listeners) listener(event);
}

/** Calls `listener` on each federated sign-in outcome, including one that came before it listened. */
export function onFederatedSignIn(listener: (event: FederatedSignInEvent) => void): () => void {
  listeners.add(listener);
  if (pending) {
    const event = pending;
    pending = undefined;
    listener(event);
  }
  return () => listeners.delete(listener);
}

/** Hears Amplify's outcome of a code flow; once per page, before Amplify can complete one. */
export function listenForFederatedSignIn(): void {
  if (listening) return;
  listening = true;
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signInWithRedirect') announceFederatedSignIn({ ok: true });
    if (payload.event === 'signInWithRedirect_failure') {
      const message = (payload.data as { error?: { message?: string } } | undefined)?.error?.message;
      announceFederatedSignIn({ ok: false, message: message || 'your organisation’s sign-in did not complete' });
    }
  });
}
