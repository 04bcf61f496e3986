import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  artifactLinkSchema,
  customerIdSchema,
  flexcmAccessSchema,
  mainUserListSchema,
  notificationListSchema,
  problemSchema,
  siteGroupListSchema,
  uploadListSchema,
  type ArtifactLink,
  type FlexcmAccess,
  type MainUserList,
  type NotificationList,
  type SiteGroupList,
  type UploadList,
} from '@platform/schemas';
import type { CustomerModules } from '../../customers/customerModules.ts';
import { PlatformError } from '../../errors.ts';
import { staffOnly } from '../../plugins/staffOnly.ts';
import { signArtifactLink, verifyArtifactLink } from './artifactLinks.ts';
import { assertCustomerAccess } from './customerAccess.ts';
import { DEMO_NOTIFICATIONS, DEMO_SITE_GROUPS, DEMO_UPLOADS, flexcmAccessOf, uploadsOf } from './demoData.ts';
import { usersCsv } from './usersCsv.ts';
import { directoryUsers, type UserDirectory } from './userDirectory.ts';

export interface LocalMainApiOptions {
  /** Signs artifact download links; replicas must share it. */
  signingKey: Buffer;
}

interface Options extends LocalMainApiOptions {
  customerModules: CustomerModules;
  /** Where the users lists come from: the platform's user directory (decision 0091). */
  users: UserDirectory;
}

/** The only artifact the demo data has. */
const ARTIFACTS = ['users.csv'] as const;

const problems = { '4xx': { $ref: `${problemSchema.$id}#` } };
const secured = { security: [{ bearerAuth: [] }], tags: ['main (local)'] };
const customerParams = { type: 'object', required: ['customerId'], properties: { customerId: customerIdSchema } } as const;
const siteGroupQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { siteGroup: { description: 'Selected site groups, comma-joined.', type: 'string', maxLength: 1000, pattern: '^[a-z0-9-]*(,[a-z0-9-]+)*$' } },
} as const;

type CustomerRequest = FastifyRequest<{ Params: { customerId: string } }>;
const inGroups = (siteGroup: string | undefined) => {
  const ids = new Set((siteGroup ?? '').split(',').filter(Boolean));
  return (item: { siteGroupId: string }) => ids.size === 0 || ids.has(item.siteGroupId);
};

/**
 * The main backend's calls (spec section 7) and the data behind the platform screens, served by this
 * service under `npm start` with demo data. The same token verification as the manifest; a customer
 * user may ask about their own customer only, staff about any.
 */
export default async function localMainApi(app: FastifyInstance, options: Options) {
  const exists = async (id: string) => Boolean(await options.customerModules.getCustomer(id));
  const customerGuard = async (request: CustomerRequest) => assertCustomerAccess(request.verifiedUser, request.params.customerId, exists);
  // onRequest, before the query is validated: someone asking about another customer gets 403 whatever
  // they send, and learns neither whether it exists nor how the route reads its query.
  const withCustomer = { onRequest: [app.authenticate, customerGuard] };
  const usersOf = (id: string) => directoryUsers(options.users, id);

  app.get<{ Params: { customerId: string } }>(
    '/api/main/customers/:customerId/users',
    {
      ...withCustomer,
      schema: {
        ...secured,
        summary: "A customer's users, from the platform's user directory",
        params: customerParams,
        response: { 200: { $ref: `${mainUserListSchema.$id}#` }, ...problems },
      },
    },
    async (request): Promise<MainUserList> => ({ users: await usersOf(request.params.customerId) }),
  );

  app.get(
    '/api/main/users',
    {
      onRequest: [app.authenticate, staffOnly('list every user')],
      schema: { ...secured, summary: 'Every user of every customer (staff only)', response: { 200: { $ref: `${mainUserListSchema.$id}#` }, ...problems } },
    },
    async (): Promise<MainUserList> => ({ users: await directoryUsers(options.users) }),
  );

  app.get<{ Params: { customerId: string; artifact: string } }>(
    '/api/main/customers/:customerId/users/download-artifact/:artifact',
    {
      ...withCustomer,
      schema: {
        ...secured,
        summary: 'A signed link that downloads the artifact for a few minutes',
        params: {
          type: 'object',
          required: ['customerId', 'artifact'],
          properties: { customerId: customerIdSchema, artifact: { type: 'string', maxLength: 100 } },
        },
        response: { 200: { $ref: `${artifactLinkSchema.$id}#` }, ...problems },
      },
    },
    async (request, reply): Promise<ArtifactLink> => {
      const { customerId: id, artifact } = request.params;
      if (!(ARTIFACTS as readonly string[]).includes(artifact)) throw new PlatformError('CFG_ERR_NOT_FOUND', `no artifact '${artifact}'`);
      reply.header('Cache-Control', 'no-store');
      return signArtifactLink(options.signingKey, id, artifact);
    },
  );

  // Followed by the browser to download: the signature is the credential, so there is no token here.
  app.get<{ Params: { customerId: string; artifact: string }; Querystring: { expires: string; signature: string } }>(
    '/api/main/artifacts/:customerId/:artifact',
    {
      schema: {
        ...secured,
        security: [],
        summary: 'Downloads an artifact through a signed link',
        params: {
          type: 'object',
          required: ['customerId', 'artifact'],
          properties: { customerId: customerIdSchema, artifact: { type: 'string', maxLength: 100 } },
        },
        querystring: {
          type: 'object',
          required: ['expires', 'signature'],
          properties: { expires: { description: 'Unix seconds', type: 'string', pattern: '^[0-9]{1,12}$' }, signature: { type: 'string', maxLength: 100 } },
        },
        response: { '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (request, reply) => {
      const { customerId: id, artifact } = request.params;
      verifyArtifactLink(options.signingKey, id, artifact, request.query.expires, request.query.signature);
      if (!(ARTIFACTS as readonly string[]).includes(artifact)) throw new PlatformError('CFG_ERR_NOT_FOUND', `no artifact '${artifact}'`);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${id}-users.csv"`)
        .header('Cache-Control', 'no-store')
        .send(usersCsv(await usersOf(id)));
    },
  );

  app.get<{ Params: { customerId: string } }>(
    '/api/main/customers/flexcmaccess/:customerId',
    {
      ...withCustomer,
      schema: {
        ...secured,
        summary: 'Whether the customer has FlexCM access, and since when',
        params: customerParams,
        response: { 200: { $ref: `${flexcmAccessSchema.$id}#` }, ...problems },
      },
    },
    async (request): Promise<FlexcmAccess> => ({ data: flexcmAccessOf(request.params.customerId) }),
  );

  app.get<{ Params: { customerId: string } }>(
    '/api/main/customers/:customerId/sitegroups',
    {
      ...withCustomer,
      schema: {
        ...secured,
        summary: "The customer's site groups and their sites",
        params: customerParams,
        response: { 200: { $ref: `${siteGroupListSchema.$id}#` }, ...problems },
      },
    },
    async (request): Promise<SiteGroupList> => ({ siteGroups: DEMO_SITE_GROUPS[request.params.customerId] ?? [] }),
  );

  app.get<{ Params: { customerId: string }; Querystring: { siteGroup?: string } }>(
    '/api/main/customers/:customerId/uploads',
    {
      ...withCustomer,
      schema: {
        ...secured,
        summary: "The customer's uploads in the selected site groups, newest first",
        params: customerParams,
        querystring: siteGroupQuery,
        response: { 200: { $ref: `${uploadListSchema.$id}#` }, ...problems },
      },
    },
    async (request): Promise<UploadList> => ({ uploads: uploadsOf(request.params.customerId).filter(inGroups(request.query.siteGroup)) }),
  );

  app.get<{ Params: { customerId: string; uploadId: string } }>(
    '/api/main/customers/:customerId/uploads/:uploadId/content',
    {
      ...withCustomer,
      schema: {
        ...secured,
        summary: 'An uploaded file',
        params: {
          type: 'object',
          required: ['customerId', 'uploadId'],
          properties: { customerId: customerIdSchema, uploadId: { type: 'string', maxLength: 100 } },
        },
        response: { '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (request, reply) => {
      const upload = (DEMO_UPLOADS[request.params.customerId] ?? []).find((u) => u.id === request.params.uploadId);
      if (!upload) throw new PlatformError('CFG_ERR_NOT_FOUND', `no upload '${request.params.uploadId}'`);
      return reply
        .header('Content-Type', upload.contentType)
        .header('Content-Disposition', `attachment; filename="${upload.fileName.replace(/["\\\r\n]/g, '_')}"`)
        .header('Cache-Control', 'private, no-store')
        .send(upload.content());
    },
  );

  app.get<{ Params: { customerId: string }; Querystring: { siteGroup?: string } }>(
    '/api/main/customers/:customerId/notifications',
    {
      ...withCustomer,
      schema: {
        ...secured,
        summary: "The customer's notifications in the selected site groups, newest first",
        params: customerParams,
        querystring: siteGroupQuery,
        response: { 200: { $ref: `${notificationListSchema.$id}#` }, ...problems },
      },
    },
    async (request): Promise<NotificationList> => ({
      notifications: (DEMO_NOTIFICATIONS[request.params.customerId] ?? []).filter(inGroups(request.query.siteGroup)).sort((a, b) => b.at.localeCompare(a.at)),
    }),
  );
}
