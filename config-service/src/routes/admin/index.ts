import type { FastifyInstance } from 'fastify';
import {
  adminModuleListSchema,
  adminPreviewRequestSchema,
  adminPreviewSchema,
  customerInContext,
  normaliseAuthClaim,
  type AdminModuleList,
  type AdminPreview,
  type AdminPreviewRequest,
} from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import type { ServedManifests } from '../../releases/servedManifests.ts';
import { moduleOverview } from '../../manifests/moduleOverview.ts';
import { compareViews, previewManifest } from '../../manifests/previewManifest.ts';
import type { CustomerModules } from '../../customers/customerModules.ts';
import type { ManifestSet } from '../../manifests/loadManifestSet.ts';
import { validDraft } from '../releases/validDraft.ts';

export interface AdminRouteOptions {
  manifests: ServedManifests;
  environment: string;
  productName: string;
  customerModules: CustomerModules;
}

type ViewRequest = Pick<AdminPreviewRequest, 'claims' | 'version'> & { customerId?: string | null };

/** /api/v1/admin/*: module exposure and validation status, and a dry-run preview of any user's manifest. Registered under the admin API plugin. */
export default async function adminRoutes(app: FastifyInstance, options: AdminRouteOptions) {
  app.get(
    '/api/v1/admin/modules',
    {
      schema: {
        summary: 'Modules with their exposure rules and validation status',
        tags: ['administration'],
        response: { 200: { $ref: `${adminModuleListSchema.$id}#` } },
      },
    },
    async (): Promise<AdminModuleList> => moduleOverview(options.manifests, options),
  );

  const view = async (request: ViewRequest, draft?: ManifestSet) => {
    // Read as the service reads a token's claim, so the preview is what that user would be served.
    const auth = request.claims ? normaliseAuthClaim(request.claims) : undefined;
    const requestedCustomerId = request.customerId ?? undefined;
    const customer = customerInContext(auth, requestedCustomerId);
    // No version named: what this user is served now (a pilot's release for its customers).
    const set = draft ?? (request.version === undefined ? options.manifests.servedTo(customer) : await options.manifests.find(request.version));
    if (!set) {
      throw new PlatformError(
        'CFG_ERR_RELEASE_NOT_FOUND',
        `no release '${request.version}'; releases served lately: ${options.manifests
          .recentReleases()
          .map((r) => r.release)
          .join(', ')}`,
      );
    }
    // A customer user's own customer is taken as the token would carry it; only a customer chosen in
    // the request must exist, as X-Customer-Id would have to.
    if (customer !== null && customer === requestedCustomerId && !(await options.customerModules.getCustomer(customer))) {
      throw new PlatformError('CFG_ERR_PREVIEW_CUSTOMER_UNKNOWN', `unknown customer '${customer}'`);
    }
    const switches = customer === null ? undefined : await options.customerModules.enabledFor(customer);
    return previewManifest(set, auth, {
      environment: options.environment,
      productName: options.productName,
      requestedCustomerId,
      customerEnabled: switches && ((key) => switches[key]),
    });
  };

  app.post(
    '/api/v1/admin/preview',
    {
      // A draft is a whole manifest set, like a release.
      bodyLimit: 1024 * 1024,
      schema: {
        summary: 'Dry run: the manifest a claims set would receive, why each module is in or out, and the difference to a second view',
        tags: ['administration'],
        body: { $ref: `${adminPreviewRequestSchema.$id}#` },
        response: { 200: { $ref: `${adminPreviewSchema.$id}#` } },
      },
    },
    async (request): Promise<AdminPreview> => {
      const body = request.body as AdminPreviewRequest;
      // An editor's draft is checked as a publication would be: every problem, or the preview.
      const first = await view(body, body.draft ? validDraft(body.draft.files, options.manifests.load) : undefined);
      if (!body.compareWith) return { view: first, comparison: null };
      const other = body.compareWith;
      const second = await view({
        claims: other.claims !== undefined ? other.claims : body.claims,
        customerId: other.customerId !== undefined ? other.customerId : body.customerId,
        version: other.version ?? body.version,
      });
      return { view: first, comparison: { view: second, changes: compareViews(first, second) } };
    },
  );
}
