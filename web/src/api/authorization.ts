import { currentIdToken } from '../auth/currentIdToken.ts';

/** The header every call to the service's signed-in routes carries: the user's current ID token. */
export const authorization = async (): Promise<{ authorization: string }> => ({ authorization: `Bearer ${(await currentIdToken()) ?? ''}` });
