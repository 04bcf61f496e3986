import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  customerIdSchema,
  customerModuleSchema,
  customerModuleUpdateSchema,
  moduleAuditPageSchema,
  type CustomerModule,
  type CustomerModuleUpdate,
  type ModuleAuditPage,
} from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import type { ServedManifests } from '../../releases/servedManifests.ts';
import { cutPage, decodeCursor, PAGE_QUERY_PROPERTIES } from '../pageCursor.ts';
import customerAdminRoutes, { type CustomerAdminOptions } from './customerAdmin.ts';
import { entityTag, ifMatchVersion } from './switchEntityTag.ts';

export interface CustomerRouteOptions extends CustomerAdminOptions {
  manifests: ServedManifests;
}

const tags = ['customers'];
const moduleParams = {
  type: 'object',
  required: ['customerId', 'moduleKey'],
  properties: { customerId: customerIdSchema, moduleKey: { type: 'string', pattern: '^[a-z][a-z0-9]{1,15}$' } },
} as const;

/** Customers and their module switches (staff only: registered under the admin API plugin). */
export default async function customerRoutes(app: FastifyInstance, options: CustomerRouteOptions) {
  const { customerModules, manifests } = options;
  await app.register(customerAdminRoutes, options);

  const existingCustomer = async (id: string) => {
    if (!(await customerModules.getCustomer(id))) throw new PlatformError('CFG_ERR_CUSTOMER_NOT_FOUND', `no customer '${id}'`);
  };
  const registeredModule = (key: string) => {
    if (!manifests.current().registry.includes(key)) throw new PlatformError('CFG_ERR_MODULE_NOT_FOUND', `no module '${key}' in the registry`);
  };
  const send = (reply: FastifyReply, state: CustomerModule) => {
    reply.header('ETag', entityTag(state.version));
    return state;
  };

  app.get<{ Params: { customerId: string; moduleKey: string } }>(
    '/api/v1/customers/:customerId/modules/:moduleKey',
    {
      schema: {
        tags,
        summary: "One module's switch for a customer, with its version as ETag",
        params: moduleParams,
        response: { 200: { $ref: `${customerModuleSchema.$id}#` } },
      },
    },
    async (request, reply) => {
      const { customerId: id, moduleKey } = request.params;
      await existingCustomer(id);
      registeredModule(moduleKey);
      const state = (await customerModules.modulesOf(id)).find((m) => m.key === moduleKey)!;
      return send(reply, state);
    },
  );

  app.put<{ Params: { customerId: string; moduleKey: string }; Body: CustomerModuleUpdate }>(
    '/api/v1/customers/:customerId/modules/:moduleKey',
    {
      schema: {
        tags,
        summary: 'Switch a module on or off for a customer; If-Match must carry the version read (409 when it moved on, 428 without it)',
        params: moduleParams,
        headers: { type: 'object', properties: { 'if-match': { type: 'string' } } },
        body: { $ref: `${customerModuleUpdateSchema.$id}#` },
        response: { 200: { $ref: `${customerModuleSchema.$id}#` } },
      },
    },
    async (request, reply) => {
      const { customerId: id, moduleKey } = request.params;
      const expectedVersion = ifMatchVersion(request.headers['if-match']);
      await existingCustomer(id);
      registeredModule(moduleKey);
      const result = await customerModules.setModule({
        customerId: id,
        moduleKey,
        enabled: request.body.enabled,
        reason: request.body.reason.trim(),
        expectedVersion,
        actor: request.actor,
      });
      if (result.outcome === 'conflict') {
        app.metrics.switchConflicts.inc();
        const current = { key: moduleKey, ...result.current };
        reply.header('ETag', entityTag(current.version));
        throw new PlatformError(
          'CFG_ERR_CONFLICT',
          `the switch is at version ${current.version} (${current.enabled ? 'on' : 'off'}), not ${expectedVersion}: someone changed it since you read it; read it again and decide`,
          { extensions: { current } },
        );
      }
      app.metrics.switchWrites.inc();
      request.log.info(
        { customerId: id, moduleKey, enabled: result.switch.enabled, version: result.switch.version, actor: request.actor.sub },
        'module switch changed',
      );
      return send(reply, { key: moduleKey, ...result.switch });
    },
  );

  app.get<{
    Params: { customerId: string };
    Querystring: { limit: number; cursor?: string; module?: string; actor?: string; since?: string; until?: string };
  }>(
    '/api/v1/customers/:customerId/audit',
    {
      schema: {
        tags,
        summary: "A customer's module switch changes, newest first, a page at a time",
        params: { type: 'object', required: ['customerId'], properties: { customerId: customerIdSchema } },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...PAGE_QUERY_PROPERTIES,
            module: { type: 'string', maxLength: 32 },
            actor: { type: 'string', maxLength: 320 },
            since: { type: 'string', format: 'date-time', maxLength: 40 },
            until: { type: 'string', format: 'date-time', maxLength: 40 },
          },
        },
        response: { 200: { $ref: `${moduleAuditPageSchema.$id}#` } },
      },
    },
    async (request): Promise<ModuleAuditPage> => {
      const { customerId: id } = request.params;
      const { limit, cursor, module, actor, since, until } = request.query;
      await existingCustomer(id);
      const entries = await customerModules.store.audit(id, {
        limit: limit + 1,
        beforeId: cursor === undefined ? undefined : decodeCursor(cursor),
        moduleKey: module,
        actor,
        since: since && new Date(since).toISOString(),
        until: until && new Date(until).toISOString(),
      });
      const { page, nextCursor } = cutPage(entries, limit, (entry) => entry.id);
      return { entries: page, nextCursor };
    },
  );
}
