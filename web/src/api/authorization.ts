import { currentIdToken } from '../auth/session.ts';

/** The header every call to the service's signed-in routes carries: the user's current ID token. */
export const authorization = async (): Promise<{ authorization: string }> => ({ authorization: `Bearer ${(await currentIdToken()) ?? ''}` });
