// Test support: a user pool in memory, for tests about who may reach the user-management API rather
// than what the identity provider does (userManagement.test.ts runs against cognito-local for that).
import type { ManagedUser } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { toManagedUser } from '../users/managedUser.ts';
import type { UserPoolAdmin } from '../users/userPoolAdmin.ts';

/** A pool holding `users`, each named by its e-mail address; invitations add to it. */
export function memoryUserPool(users: ManagedUser[]): UserPoolAdmin {
  const find = async (username: string) => {
    const user = users.find((u) => u.username === username);
    if (!user) throw new PlatformError('CFG_ERR_USER_NOT_FOUND', 'the identity provider has no such user');
    return user;
  };
  const change = (patch: Partial<ManagedUser>) => async (username: string) => void Object.assign(await find(username), patch);
  return {
    get: find,
    async invite(email, attributes) {
      const user = toManagedUser({ Username: email, UserStatus: 'FORCE_CHANGE_PASSWORD', Attributes: [{ Name: 'email', Value: email }, ...attributes] });
      users.push(user);
      return user;
    },
    async update(username, attributes) {
      const user = await find(username);
      // A new object, as a read of the pool gives: the claim it was read from goes with it (managedUser.ts).
      users[users.indexOf(user)] = toManagedUser({
        Username: username,
        UserStatus: user.status,
        Attributes: [{ Name: 'sub', Value: user.sub }, { Name: 'email', Value: user.email }, ...attributes],
      });
    },
    disable: change({ enabled: false }),
    enable: change({ enabled: true }),
    signOut: async (username) => void (await find(username)),
    resetMfa: change({ mfa: 'off' }),
    resendInvitation: async (username) => void (await find(username)),
  };
}
