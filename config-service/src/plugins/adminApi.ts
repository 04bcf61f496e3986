import type { FastifyInstance, FastifyRequest } from 'fastify';
import { problemSchema } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import type { Actor } from '../store/auditEntryHead.ts';
import { notAPublishingStep } from '../publishers/publishingRights.ts';
import { staffOnly } from './staffOnly.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member acting, for audit entries and log lines; set on the administrative API's routes only. */
    actor: Actor;
  }
}

export interface AdminApiOptions {
  /** Registers the administrative routes on the plugin's scope, where all of this applies to them. */
  routes: (admin: FastifyInstance) => Promise<void>;
}

/** What every administrative route's schema says, unless it says otherwise: a bearer token, and problems as 4xx. */
const SECURITY = [{ bearerAuth: [] }];
const PROBLEMS = { '4xx': { $ref: `${problemSchema.$id}#` } };

/**
 * The administrative API (decision 0078): each route registered under it is signed in and staff only,
 * checked before the body is read, so anyone else gets 401 or 403 whatever they send and learns nothing
 * of the route's format; its answers are `no-store`; its schema names the bearer token and the problem
 * replies; and `request.actor` is the staff member acting. Encapsulated: only the routes `routes`
 * registers get any of it.
 */
export default async function adminApi(app: FastifyInstance, options: AdminApiOptions) {
  const onlyStaff = staffOnly('use the administrative API');
  // Lent by the authentication plugin when STAFF_ADMIN_REQUIRES_MFA is on; unset, staff are not asked.
  const hasMfa = app.staffAdminMfa;
  const requireSecondFactor = async (request: FastifyRequest) => {
    if (hasMfa && !(await hasMfa(request.verifiedUser)))
      throw new PlatformError(
        'CFG_ERR_ADMIN_MFA_REQUIRED',
        'administering users, customers and modules needs multi-factor authentication: set it up on your profile page first',
      );
  };
  /**
   * Staff, or a caller restricted to publishing (decision 0086) at a publishing step: a publish token
   * (let on by `app.authenticate` at such steps only), or staff whose claim lists modules, who may
   * publish those and administer nothing else (users, customers, switches, exposure stay with the rest).
   * The rest, unrestricted staff, need a second factor set up where the setting says so (decision 0095):
   * a password alone must not administer users, customers and what they are shown.
   */
  const staffOrPublishing = async (request: FastifyRequest) => {
    if (request.publishing) return;
    await onlyStaff(request);
    const modules = request.verifiedUser.auth?.modules;
    if (!modules) return requireSecondFactor(request);
    request.publishing = { modules };
    if (!request.routeOptions.config.publishStep) throw notAPublishingStep(false);
  };
  // A getter: built when a handler asks, from the verified claims only.
  app.decorateRequest('actor', {
    getter(this: FastifyRequest): Actor {
      return { sub: this.verifiedUser.sub, email: this.verifiedUser.email };
    },
  });
  app.addHook('onRoute', (route) => {
    // First of the route's own hooks (an upload's slot) and of those the rate limits and the manifest
    // checks added, which count the verified user: a refused request holds nothing.
    route.onRequest = [app.authenticate, staffOrPublishing, ...[route.onRequest ?? []].flat()];
    route.schema = { security: SECURITY, ...route.schema, response: { ...(route.schema?.response as object | undefined), ...PROBLEMS } };
  });
  // Staff's answers name customers, users and their audits: no cache keeps one unless its route says so
  // (an immutable release). Problems are sent as every route sends them.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode < 400 && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
  await options.routes(app);
}
