import type { FastifyInstance } from 'fastify';
import { userDirectorySyncRequestSchema, userDirectorySyncSchema, type UserDirectorySync, type UserDirectorySyncRequest } from '@platform/schemas';
import { LOCAL_USER_MANAGEMENT_API_BASE } from '../../settings/backends.ts';
import type { UserAuditStore } from '../../store/userAuditStore.ts';
import type { DirectoryReconciliation } from '../../users/directoryReconciliation.ts';

interface Options {
  sync: Pick<DirectoryReconciliation, 'request' | 'state'>;
  audit: UserAuditStore;
}

const tags = ['user management (local)'];
const state = { $ref: `${userDirectorySyncSchema.$id}#` };

/**
 * The reconciliation of the user directory with the identity provider's pool (decision 0092): staff
 * see when it last ran and how, and ask for one now, with a reason the user audit keeps. Registered by
 * the user-management routes, so under the admin API plugin.
 */
export default async function directorySyncRoutes(app: FastifyInstance, { sync, audit }: Options) {
  app.get(
    `${LOCAL_USER_MANAGEMENT_API_BASE}/sync`,
    {
      schema: {
        tags,
        summary: "When the user directory was last reconciled with the identity provider's pool, and how the last run went (staff only)",
        response: { 200: state },
      },
    },
    async (): Promise<UserDirectorySync> => sync.state(),
  );

  app.post<{ Body: UserDirectorySyncRequest }>(
    `${LOCAL_USER_MANAGEMENT_API_BASE}/sync`,
    {
      schema: {
        tags,
        summary: "Reconcile the user directory with the identity provider's pool now, in the background (staff only)",
        body: { $ref: `${userDirectorySyncRequestSchema.$id}#` },
        response: { 202: state },
      },
    },
    async (request, reply): Promise<UserDirectorySync> => {
      // Of no one user: the audit names the whole directory by an empty username.
      const entry = { actor: request.actor, username: '', email: '', action: 'sync' as const, changes: [], reason: request.body.reason.trim() };
      await audit.recording(entry, () => sync.request());
      request.log.info({ actor: request.actor.sub }, 'user directory reconciliation asked for');
      reply.code(202);
      return sync.state();
    },
  );
}
