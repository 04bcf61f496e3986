import type { FastifyInstance } from 'fastify';
import { customerListSchema, problemSchema, type CustomerList } from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import { STAFF_ROLE } from '../../manifests/buildUserManifest.ts';

export interface CustomerRouteOptions {
  /** The customers the service knows. */
  customers: () => Promise<CustomerList['customers']>;
}

/** GET /api/v1/customers: for staff, who act on behalf of a customer; everyone else gets 403. */
export default async function customerRoutes(app: FastifyInstance, options: CustomerRouteOptions) {
  app.get(
    '/api/v1/customers',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'The customers staff may act for (staff only)',
        tags: ['customers'],
        security: [{ bearerAuth: [] }],
        response: { 200: { $ref: `${customerListSchema.$id}#` }, '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (request): Promise<CustomerList> => {
      if (request.verifiedUser.auth?.role !== STAFF_ROLE) {
        throw new PlatformError('CFG_ERR_FORBIDDEN', 'only staff may list customers');
      }
      return { customers: await options.customers() };
    },
  );
}
