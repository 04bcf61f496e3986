import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  customerIdSchema,
  managedUserListSchema,
  managedUserSchema,
  userAuditPageSchema,
  userChangeSchema,
  userInvitationSchema,
  userStepSchema,
  type ManagedUser,
  type ManagedUserList,
  type UserAuditPage,
  type UserChange,
  type UserInvitation,
  type UserStep,
} from '@platform/schemas';
import type { ServedManifests } from '../../releases/servedManifests.ts';
import type { MfaStatus } from '../../identity/mfaStatus.ts';
import type { UserStatus } from '../../identity/userStatus.ts';
import { PlatformError } from '../../errors.ts';
import { LOCAL_USER_MANAGEMENT_API_BASE } from '../../settings/backends.ts';
import type { UserAction, UserAuditStore } from '../../store/userAuditStore.ts';
import type { UserDirectoryStore } from '../../store/userDirectoryStore.ts';
import { directoryEntryOf } from '../../users/directoryEntries.ts';
import { attributesOf, fieldChanges } from '../../users/managedUser.ts';
import type { UserPoolAdmin } from '../../users/userPoolAdmin.ts';
import { cutPage, decodeCursor, PAGE_QUERY_PROPERTIES } from '../pageCursor.ts';
import { clientGone } from './clientGone.ts';
import { usersPage, type UsersPageQuery } from './directoryPage.ts';
import { OWN_RIGHTS, refuseOwnRights, STEPS_ON_OWN_RIGHTS } from './refuseOwnRights.ts';
import directorySyncRoutes from './sync.ts';
import type { DirectoryReconciliation } from '../../users/directoryReconciliation.ts';

export interface UserManagementOptions {
  /** The identity provider's admin API, with the service's own credentials. */
  pool: UserPoolAdmin;
  /** The directory's reconciliation with the pool (decision 0092); unset: no sync routes. */
  sync?: Pick<DirectoryReconciliation, 'request' | 'state'>;
}

interface Options extends UserManagementOptions {
  audit: UserAuditStore;
  /** The platform's index of the pool's users: the list reads it, every change is written through to it (decision 0091). */
  directory: UserDirectoryStore;
  /** Which of these customer ids the platform holds: a user is never put in a customer it does not. */
  heldCustomerIds: (ids: readonly string[]) => Promise<Set<string>>;
  manifests: ServedManifests;
  /** Told when a user's MFA is reset, so this replica stops remembering it as set up. */
  mfa?: MfaStatus;
  /** Where a disable or an enable is written at once, for every replica to refuse or serve the user's tokens (decision 0093). */
  userStatus?: UserStatus;
}

const BASE = LOCAL_USER_MANAGEMENT_API_BASE;
const tags = ['user management (local)'];
const userParams = {
  type: 'object',
  required: ['username'],
  properties: { username: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[^/\\s]+$' } },
} as const;
const oneUser = { 200: { $ref: `${managedUserSchema.$id}#` } };

/** The steps that take only a reason, each with what it does to the account. */
const STEPS: {
  path: string;
  action: UserAction;
  summary: string;
  run: (pool: UserPoolAdmin, username: string, signal: AbortSignal, context: { user: ManagedUser; status?: UserStatus }) => Promise<void>;
}[] = [
  {
    path: 'disable',
    action: 'disable',
    summary: 'Disable a user: they can no longer sign in, every replica refuses their tokens within 30 s, and their refresh tokens are revoked',
    run: async (pool, u, signal, { user, status }) => {
      await pool.disable(u, signal);
      // Written before the sign-out, which may fail: from here every replica refuses the tokens they hold.
      await status?.set(user, false);
      // Their refresh tokens: without this, enabling them again would bring back the sessions they had.
      await pool.signOut(u, signal);
    },
  },
  {
    path: 'enable',
    action: 'enable',
    summary: 'Enable a disabled user again: they sign in afresh',
    run: async (pool, u, signal, { user, status }) => {
      // The disable's sign-out may have failed, leaving refresh tokens that the enable would make good
      // again: made once more while the user is disabled, when they cannot hold a session they want kept.
      if (!user.enabled) await pool.signOut(u, signal);
      // Dated before the pool is asked: a sign-in right after the enable gets a token no older than this.
      const enabledAt = new Date();
      await pool.enable(u, signal);
      await status?.set(user, true, enabledAt);
    },
  },
  {
    path: 'reset-mfa',
    action: 'reset-mfa',
    summary: "Turn off a user's second factors; one who must use MFA sets it up again",
    run: (pool, u, signal) => pool.resetMfa(u, signal),
  },
  {
    path: 'resend-invitation',
    action: 'resend-invitation',
    summary: 'Send the invitation again with a new temporary password (only before the first sign-in)',
    run: (pool, u, signal) => pool.resendInvitation(u, signal),
  },
];

/**
 * The user-management backend (spec section 7), served by this service: staff invite users of the
 * identity provider and change them. Every change carries a reason and is audited: written as pending
 * before the identity provider is asked, settled after, with no transaction open across the call
 * (decisions 0049, 0083). No one changes their own rights. Registered under the admin API plugin.
 * Every call to the identity provider ends when the client goes away, but the read that writes a change
 * through to the user directory, which the list reads (decision 0091).
 */
export default async function userManagementRoutes(app: FastifyInstance, options: Options) {
  const { pool, audit } = options;
  if (options.sync) await app.register(directorySyncRoutes, { sync: options.sync, audit });
  const registry = () => options.manifests.current().registry;
  /** Refuses a customer the platform does not hold, before the identity provider is asked anything. */
  const requireHeldCustomer = async (customerId: string | null) => {
    if (customerId === null || (await options.heldCustomerIds([customerId])).has(customerId)) return;
    throw new PlatformError('CFG_ERR_CUSTOMER_UNKNOWN', `customerId: the platform holds no customer '${customerId}'; add it in Settings → Customers first`, {
      extensions: { pointer: '/customerId' },
    });
  };

  /**
   * Writes a user as the pool has them just now into the directory, so the list shows the change at
   * once. A failure is logged, not answered: the pool made the change, and reconciliation corrects the row.
   */
  const writtenThrough = async (request: FastifyRequest, user: ManagedUser): Promise<ManagedUser> => {
    await options.directory
      .written([directoryEntryOf(user)])
      .catch((error: unknown) => request.log.error({ err: error, username: user.username }, 'user not written through to the user directory'));
    return user;
  };

  app.get<{ Querystring: UsersPageQuery }>(
    `${BASE}/users`,
    {
      schema: {
        tags,
        summary: "The identity provider's users with their claims, or one customer's, by e-mail address a page at a time (staff only)",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            customerId: customerIdSchema,
            query: { description: 'Matches the start of the e-mail address, given name or family name, in any case.', type: 'string', maxLength: 100 },
            ...PAGE_QUERY_PROPERTIES,
            // An e-mail address and a username, which can be longer than the audit's ids.
            cursor: { type: 'string', maxLength: 2000 },
          },
        },
        response: { 200: { $ref: `${managedUserListSchema.$id}#` } },
      },
    },
    async (request, reply): Promise<ManagedUserList> =>
      usersPage(request.query, { pool, directory: options.directory, signal: clientGone(reply), log: request.log }),
  );

  app.post<{ Body: UserInvitation }>(
    `${BASE}/users`,
    {
      schema: {
        tags,
        summary: 'Invite a user: the identity provider sends a temporary password (staff only)',
        body: { $ref: `${userInvitationSchema.$id}#` },
        response: { 201: { $ref: `${managedUserSchema.$id}#` } },
      },
    },
    async (request, reply): Promise<ManagedUser> => {
      const { email, reason, ...fields } = request.body;
      const address = email.trim().toLowerCase();
      const attributes = attributesOf(request.body, registry());
      await requireHeldCustomer(request.body.customerId);
      const entry = {
        actor: request.actor,
        username: address,
        email: address,
        action: 'invite' as const,
        changes: fieldChanges(null, { ...fields, reason }),
        reason: reason.trim(),
      };
      const invited = await audit.recording(
        entry,
        () => pool.invite(address, attributes, clientGone(reply)),
        (user) => user.username,
      );
      request.log.info({ username: invited.username, actor: request.actor.sub }, 'user invited');
      reply.code(201);
      return writtenThrough(request, invited);
    },
  );

  app.put<{ Params: { username: string }; Body: UserChange }>(
    `${BASE}/users/:username`,
    {
      schema: {
        tags,
        summary: "Change a user's name, role, customer, modules, landing module and MFA requirement (staff only)",
        params: userParams,
        body: { $ref: `${userChangeSchema.$id}#` },
        response: oneUser,
      },
    },
    async (request, reply): Promise<ManagedUser> => {
      const { username } = request.params;
      const signal = clientGone(reply);
      const before = await pool.get(username, signal);
      const attributes = attributesOf(request.body, registry(), before);
      // A user already in a customer not added yet keeps it; moving anyone into one is refused.
      if (request.body.customerId !== before.customerId) await requireHeldCustomer(request.body.customerId);
      const entry = {
        actor: request.actor,
        username: before.username,
        email: before.email,
        action: 'change' as const,
        changes: fieldChanges(before, request.body),
        reason: request.body.reason.trim(),
      };
      await refuseOwnRights(
        audit,
        entry,
        before,
        entry.changes.some((c) => OWN_RIGHTS.has(c.field)),
      );
      await audit.recording(entry, () => pool.update(before.username, attributes, signal));
      request.log.info({ username: before.username, actor: request.actor.sub }, 'user changed');
      // Read to the end even if the client has gone: the change is made, and the directory must hear of it.
      return writtenThrough(request, await pool.get(before.username));
    },
  );

  for (const step of STEPS) {
    app.post<{ Params: { username: string }; Body: UserStep }>(
      `${BASE}/users/:username/${step.path}`,
      {
        schema: { tags, summary: `${step.summary} (staff only)`, params: userParams, body: { $ref: `${userStepSchema.$id}#` }, response: oneUser },
      },
      async (request, reply): Promise<ManagedUser> => {
        const signal = clientGone(reply);
        const user = await pool.get(request.params.username, signal);
        const entry = {
          actor: request.actor,
          username: user.username,
          email: user.email,
          action: step.action,
          changes: [],
          reason: request.body.reason.trim(),
        };
        await refuseOwnRights(audit, entry, user, STEPS_ON_OWN_RIGHTS.has(step.action));
        await audit.recording(entry, () => step.run(pool, user.username, signal, { user, status: options.userStatus }));
        if (step.action === 'reset-mfa') options.mfa?.forget(user.sub);
        request.log.info({ username: user.username, action: step.action, actor: request.actor.sub }, 'user changed');
        return writtenThrough(request, await pool.get(user.username));
      },
    );
  }

  app.get<{ Querystring: { limit: number; cursor?: string; username?: string } }>(
    `${BASE}/audit`,
    {
      schema: {
        tags,
        summary: 'Changes made to users, newest first, a page at a time (staff only)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...PAGE_QUERY_PROPERTIES,
            username: { type: 'string', maxLength: 128 },
          },
        },
        response: { 200: { $ref: `${userAuditPageSchema.$id}#` } },
      },
    },
    async (request): Promise<UserAuditPage> => {
      const { limit, cursor, username } = request.query;
      const entries = await audit.audit({ limit: limit + 1, beforeId: cursor === undefined ? undefined : decodeCursor(cursor), username });
      const { page, nextCursor } = cutPage(entries, limit, (entry) => entry.id);
      return { entries: page, nextCursor };
    },
  );
}
