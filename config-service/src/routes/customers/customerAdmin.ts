import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  customerCreateSchema,
  customerIdSchema,
  customerListQuerySchema,
  customerListSchema,
  customerRenameSchema,
  customerSchema,
  unaddedCustomerListSchema,
  type Customer,
  type CustomerCreate,
  type CustomerList,
  type CustomerListQuery,
  type CustomerRename,
  type UnaddedCustomerList,
} from '@platform/schemas';
import type { ClaimedCustomerIds } from '../../customers/claimedCustomerIds.ts';
import type { CustomerModules, CustomerWithModules } from '../../customers/customerModules.ts';
import { PlatformError } from '../../errors.ts';
import { decodeAfterCursor, encodeAfterCursor } from '../pageCursor.ts';
import { entityTag, ifMatchVersion } from './switchEntityTag.ts';

export interface CustomerAdminOptions {
  customerModules: CustomerModules;
  /** The customer ids in the user pool's claims; without it there is no list of customers not yet added. */
  claimedCustomerIds?: ClaimedCustomerIds;
}

const tags = ['customers'];
const customerParams = { type: 'object', required: ['customerId'], properties: { customerId: customerIdSchema } } as const;
const customerReply = { $ref: `${customerSchema.$id}#` };
// The contract's query inline, without its id: query strings are checked by the coercing validator,
// which holds no contracts to $ref (schemaValidator.ts), and the OpenAPI description lists each parameter.
const { $id: _id, $schema: _draft, ...listQuery } = customerListQuerySchema;

/**
 * Operators' customers (issue 27): the list a page at a time and searched on the server, one customer
 * with its switches, adding and renaming one (audited as the switches are), and the ids users' claims
 * name that are not customers yet. Decision 0050.
 */
export default async function customerAdminRoutes(app: FastifyInstance, options: CustomerAdminOptions) {
  const { customerModules } = options;

  const send = (reply: FastifyReply, customer: CustomerWithModules): Customer => {
    reply.header('ETag', entityTag(customer.version));
    return customer;
  };
  const withModules = async (id: string) => {
    const customer = await customerModules.customerWithModules(id);
    if (!customer) throw new PlatformError('CFG_ERR_CUSTOMER_NOT_FOUND', `no customer '${id}'`);
    return customer;
  };

  // The schema fills in limit's default (useDefaults).
  app.get<{ Querystring: CustomerListQuery & { limit: number } }>(
    '/api/v1/customers',
    {
      schema: {
        tags,
        summary:
          'Customers a page at a time in name order, each with how many modules are on; query finds an id or name holding it, ids names the customers (staff only)',
        querystring: listQuery,
        response: { 200: { $ref: `${customerListSchema.$id}#` } },
      },
    },
    async (request): Promise<CustomerList> => {
      const { query, ids, cursor, limit } = request.query;
      const after = cursor === undefined ? undefined : (decodeAfterCursor(cursor, 2) as [string, string]);
      // A page of users names its customers in one request, not one per customer (issue 37).
      const rows = await customerModules.customersPage({ query: query?.trim() || undefined, ids: ids?.split(','), after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { customers: page, nextCursor: rows.length > limit && last ? encodeAfterCursor([last.name, last.id]) : null };
    },
  );

  app.post<{ Body: CustomerCreate }>(
    '/api/v1/customers',
    {
      schema: {
        tags,
        summary: "Add a customer; its switches start from each module's enabledForNewCustomers (409 when the id is taken)",
        body: { $ref: `${customerCreateSchema.$id}#` },
        response: { 201: customerReply },
      },
    },
    async (request, reply) => {
      const { id, name, reason } = request.body;
      const created = await customerModules.createCustomer({ id, name: name.trim() }, request.actor, reason.trim());
      if (!created) {
        const current = await customerModules.getCustomer(id);
        throw new PlatformError(
          'CFG_ERR_CONFLICT',
          `a customer '${id}' exists already${current ? ` (${current.name})` : ''}: choose another id, or rename that one`,
          {
            extensions: { current },
          },
        );
      }
      request.log.info({ customerId: id, actor: request.actor.sub }, 'customer added');
      reply.code(201).header('Location', `/api/v1/customers/${id}`);
      return send(reply, await withModules(id));
    },
  );

  app.get<{ Params: { customerId: string } }>(
    '/api/v1/customers/:customerId',
    {
      schema: {
        tags,
        summary: "A customer with every module's switch; its version (the name's) is the ETag",
        params: customerParams,
        response: { 200: customerReply },
      },
    },
    async (request, reply) => send(reply, await withModules(request.params.customerId)),
  );

  app.patch<{ Params: { customerId: string }; Body: CustomerRename }>(
    '/api/v1/customers/:customerId',
    {
      schema: {
        tags,
        summary: 'Rename a customer; If-Match must carry the version read (409 when it moved on, 428 without it). The id stays: claims name it',
        params: customerParams,
        headers: { type: 'object', properties: { 'if-match': { type: 'string' } } },
        body: { $ref: `${customerRenameSchema.$id}#` },
        response: { 200: customerReply },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const expectedVersion = ifMatchVersion(request.headers['if-match']);
      const result = await customerModules.renameCustomer({
        customerId,
        name: request.body.name.trim(),
        reason: request.body.reason.trim(),
        expectedVersion,
        actor: request.actor,
      });
      if (result.outcome === 'missing') throw new PlatformError('CFG_ERR_CUSTOMER_NOT_FOUND', `no customer '${customerId}'`);
      if (result.outcome === 'conflict') {
        reply.header('ETag', entityTag(result.current.version));
        throw new PlatformError(
          'CFG_ERR_CONFLICT',
          `the customer is at version ${result.current.version} ('${result.current.name}'), not ${expectedVersion}: someone renamed it since you read it; read it again and decide`,
          { extensions: { current: result.current } },
        );
      }
      request.log.info({ customerId, version: result.customer.version, actor: request.actor.sub }, 'customer renamed');
      return send(reply, await withModules(customerId));
    },
  );

  const claimed = options.claimedCustomerIds;
  if (claimed) {
    app.get(
      '/api/v1/unadded-customers',
      {
        schema: {
          tags,
          summary: "Customer ids users' claims name in the user pool that are not customers yet, most users first",
          response: { 200: { $ref: `${unaddedCustomerListSchema.$id}#` } },
        },
      },
      async (): Promise<UnaddedCustomerList> => {
        const { counts, usersRead, complete } = await claimed.read();
        const added = await customerModules.store.existingIds([...counts.keys()]);
        const customers = [...counts]
          .filter(([id]) => !added.has(id))
          .map(([id, users]) => ({ id, users }))
          .sort((a, b) => b.users - a.users || a.id.localeCompare(b.id));
        return { customers, usersRead, complete };
      },
    );
  }
}
