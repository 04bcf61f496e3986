import type { VerifiedUser } from '../claims/verifiedUser.ts';
import type { UserDirectoryStore } from '../store/userDirectoryStore.ts';

/**
 * The authentication plugin's `onVerified` hook that refreshes a user in the directory from a token
 * verified afresh (issue 37, decision 0091): the token's name and custom:auth text, as the pool wrote
 * them when it issued the token, are the freshest word on that user. The store keeps a row changed
 * after the token was issued (an administrator's change the token predates).
 */
export const refreshFromSignIn =
  (directory: Pick<UserDirectoryStore, 'signedIn'>) =>
  async (user: VerifiedUser, claims: Readonly<Record<string, unknown>>): Promise<void> => {
    const auth = claims['custom:auth'];
    if (user.issuedAt === undefined) return;
    await directory.signedIn(
      {
        username: user.username ?? user.sub,
        sub: user.sub,
        email: user.email,
        givenName: user.givenName,
        familyName: user.familyName,
        // The text as the pool holds it; a pool that sent the claim as JSON (decision 0047) is kept as that JSON.
        customAuth: typeof auth === 'string' ? auth : auth === undefined || auth === null ? null : JSON.stringify(auth),
      },
      user.issuedAt,
    );
  };
