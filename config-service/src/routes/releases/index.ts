import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  releaseAuditPageSchema,
  releaseCreateSchema,
  releaseEntityTag,
  releaseIdSchema,
  releaseDiffSchema,
  releaseListSchema,
  releasePilotSchema,
  releaseSchema,
  releaseStateSchema,
  releaseStepSchema,
  type Release,
  type ReleaseAuditPage,
  type ReleaseCreate,
  type ReleaseDiff,
  type ReleaseList,
  type ReleasePilot,
  type ReleaseState,
  type ReleaseStep,
} from '@platform/schemas';
import { MODULE_SDK_VERSION } from '../../bundles/moduleSdkVersion.ts';
import { checkNamedBundles } from '../../bundles/namedBundles.ts';
import type { CustomerModules } from '../../customers/customerModules.ts';
import { PlatformError } from '../../errors.ts';
import { compareReleases } from '../../releases/compareReleases.ts';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import { requireBundleOnlyChange } from '../../publishers/publishingRights.ts';
import type { BundleStore } from '../../store/bundleStore.ts';
import type { ReleaseStepInput, StepResult } from '../../store/releaseStore.ts';
import { cutPage, decodeCursor, PAGE_QUERY_PROPERTIES } from '../pageCursor.ts';
import { ifMatchRelease } from './releaseEntityTag.ts';
import { validDraft } from './validDraft.ts';

export interface ReleaseRouteOptions {
  releases: ManifestReleases;
  customerModules: CustomerModules;
  productName: string;
  /** Module bundles: a release naming one never uploaded, or built for another SDK, is refused. */
  bundles: BundleStore;
  /** The module SDK the shell provides; unset: MODULE_SDK_VERSION. */
  sdkVersion?: string;
}

const tags = ['releases'];
const idParams = { type: 'object', required: ['id'], properties: { id: releaseIdSchema } } as const;
const page = {
  type: 'object',
  additionalProperties: false,
  properties: PAGE_QUERY_PROPERTIES,
} as const;
const ifMatch = { type: 'object', properties: { 'if-match': { type: 'string' } } } as const;
/** A manifest set is bigger than the API's other bodies: today's is about 30 KB, so room to grow. */
const RELEASE_BODY_LIMIT = 1024 * 1024;
/** What a publish token (or staff restricted to modules) may reach here; the handlers check the rest (decision 0086). */
const PUBLISH_STEP = { publishStep: true };

/**
 * /api/v1/admin/releases: manifest sets as immutable releases in the store, the one in service, a
 * pilot for named customers, rollback, differences and the audit of every step (staff only: registered
 * under the admin API plugin).
 */
export default async function releaseRoutes(app: FastifyInstance, options: ReleaseRouteOptions) {
  const { releases, customerModules } = options;
  const store = () => releases.store;

  const existing = async (id: string) => {
    const set = await releases.find(id);
    if (!set) throw new PlatformError('CFG_ERR_RELEASE_NOT_FOUND', `no release '${id}'`);
    return set;
  };
  /** A step's answer: the new state and its tag, or the problem that says why not. */
  const answer = (reply: FastifyReply, result: StepResult, release: string): ReleaseState => {
    if (result.outcome === 'unknown-release') throw new PlatformError('CFG_ERR_RELEASE_NOT_FOUND', `no release '${release}'`);
    const current = { active: result.state.active, pilot: result.state.pilot };
    reply.header('ETag', releaseEntityTag(current.active));
    if (result.outcome === 'conflict') {
      app.metrics.releaseConflicts.inc();
      // A problem, which the admin API leaves as it is; this one carries the state now, like the answer.
      reply.header('Cache-Control', 'no-store');
      throw new PlatformError('CFG_ERR_CONFLICT', `${result.why}; nothing was changed: look again and decide`, { extensions: { current } });
    }
    return current;
  };
  const sdkVersion = options.sdkVersion ?? MODULE_SDK_VERSION;
  /** A release may be served only if every bundle it names was uploaded and fits the shell's SDK (422 otherwise). */
  const servable = async (release: string) => {
    const set = await releases.find(release);
    // An unknown release is the step's own 404.
    if (set) await checkNamedBundles(set, options.bundles, sdkVersion, 'nothing was changed');
  };

  app.get<{ Querystring: { limit: number; cursor?: string } }>(
    '/api/v1/admin/releases',
    {
      config: PUBLISH_STEP,
      schema: {
        tags,
        summary: 'Releases newest first, the active one (as ETag) and the pilot',
        querystring: page,
        response: { 200: { $ref: `${releaseListSchema.$id}#` } },
      },
    },
    async (request, reply): Promise<ReleaseList> => {
      const { limit, cursor } = request.query;
      const [current, list] = [
        await releases.storedState(),
        await store().list({ limit: limit + 1, beforeSeq: cursor === undefined ? undefined : decodeCursor(cursor) }),
      ];
      const { page: pageOf, nextCursor } = cutPage(list, limit, (release) => release.seq);
      reply.header('ETag', releaseEntityTag(current.active));
      return { active: current.active, pilot: current.pilot, releases: pageOf.map(({ seq: _seq, ...summary }) => summary), nextCursor };
    },
  );

  app.get<{ Querystring: { limit: number; cursor?: string } }>(
    '/api/v1/admin/releases/audit',
    {
      // Not a publishing step: the audit names staff, their reasons and pilot customers, none of a module team's CI's business.
      schema: {
        tags,
        summary: 'Every step taken on the releases, newest first',
        querystring: page,
        response: { 200: { $ref: `${releaseAuditPageSchema.$id}#` } },
      },
    },
    async (request): Promise<ReleaseAuditPage> => {
      const { limit, cursor } = request.query;
      const entries = await store().audit({ limit: limit + 1, beforeId: cursor === undefined ? undefined : decodeCursor(cursor) });
      const { page, nextCursor } = cutPage(entries, limit, (entry) => entry.id);
      return { entries: page, nextCursor };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/admin/releases/:id',
    {
      config: PUBLISH_STEP,
      schema: {
        tags,
        summary: 'A release with its files and validation report',
        params: idParams,
        response: { 200: { $ref: `${releaseSchema.$id}#` } },
      },
    },
    async (request, reply): Promise<Release> => {
      const release = await store().get(request.params.id);
      if (!release) throw new PlatformError('CFG_ERR_RELEASE_NOT_FOUND', `no release '${request.params.id}'`);
      // Immutable: its id is its content.
      reply.header('Cache-Control', 'private, max-age=31536000, immutable');
      return release;
    },
  );

  app.get<{ Params: { id: string }; Querystring: { against: string } }>(
    '/api/v1/admin/releases/:id/diff',
    {
      schema: {
        tags,
        summary: 'What changes for users going from release `against` to this one',
        params: idParams,
        querystring: { type: 'object', additionalProperties: false, required: ['against'], properties: { against: releaseIdSchema } },
        response: { 200: { $ref: `${releaseDiffSchema.$id}#` } },
      },
    },
    async (request, reply): Promise<ReleaseDiff> => {
      const [to, from] = [await existing(request.params.id), await existing(request.query.against)];
      reply.header('Cache-Control', 'private, max-age=31536000, immutable');
      return compareReleases(from, to, options.productName);
    },
  );

  app.post<{ Body: ReleaseCreate }>(
    '/api/v1/admin/releases',
    {
      bodyLimit: RELEASE_BODY_LIMIT,
      config: PUBLISH_STEP,
      schema: {
        tags,
        summary:
          'Publish a manifest set as a release (checked as the folder is; not activated). 200 when the content already is a release, 409 when its id holds other content',
        body: { $ref: `${releaseCreateSchema.$id}#` },
        response: { 200: { $ref: `${releaseSchema.$id}#` }, 201: { $ref: `${releaseSchema.$id}#` } },
      },
    },
    async (request, reply): Promise<Release> => {
      const set = validDraft(request.body.files, releases.load);
      requireBundleOnlyChange(request, releases.current(), set);
      await checkNamedBundles(set, options.bundles, sdkVersion, 'nothing was stored');
      const { created, release } = await releases.publish(set, request.body.reason.trim(), request.actor);
      if (created) request.log.info({ release: release.id, actor: request.actor.sub }, 'manifest release published');
      reply.code(created ? 201 : 200).header('Location', `/api/v1/admin/releases/${release.id}`);
      return release;
    },
  );

  /**
   * A step on the release state: decided against the active release the caller saw (If-Match, 409
   * when it moved on, 428 without it), taken by the verified user, answered with the new state.
   */
  /** A step on what is served: its address, the body's schema, what it does, and the log line of a change it made. */
  interface Step<Body> {
    method: 'PUT' | 'DELETE' | 'POST';
    url: string;
    summary: string;
    body: { $id: string };
    take: (body: Body, step: ReleaseStepInput) => Promise<StepResult>;
    logged: string;
  }
  const stepRoute = <Body extends ReleaseStep>({ method, url, summary, body, take, logged }: Step<Body>) =>
    app.route<{ Body: Body }>({
      method,
      url,
      config: PUBLISH_STEP,
      schema: { tags, summary, headers: ifMatch, body: { $ref: `${body.$id}#` }, response: { 200: { $ref: `${releaseStateSchema.$id}#` } } },
      handler: async (request, reply): Promise<ReleaseState> => {
        const expectedActive = ifMatchRelease(request.headers['if-match']);
        const body = request.body as Body;
        const { release, reason } = body;
        // Against the active release the step is decided on: it is taken only while that one is still active.
        if (request.publishing) requireBundleOnlyChange(request, await existing(expectedActive), await existing(release));
        const result = await take(body, { release, expectedActive, reason: reason.trim(), actor: request.actor });
        const state = answer(reply, result, release);
        if (result.outcome === 'done' && result.changed) request.log.info({ release, previous: expectedActive, actor: request.actor.sub }, logged);
        return state;
      },
    });

  stepRoute({
    method: 'PUT',
    url: '/api/v1/admin/releases/active',
    summary:
      'Make a release the one everyone is served (publish or roll back); If-Match must carry the active release seen (409 when it moved on, 428 without it)',
    body: releaseStepSchema,
    take: async (_body, step) => {
      await servable(step.release);
      return releases.activate(step);
    },
    logged: 'manifest release activated',
  });

  stepRoute<ReleasePilot>({
    method: 'PUT',
    url: '/api/v1/admin/releases/pilot',
    summary:
      "Serve a release to the named customers' users (and staff acting for them) first, with a guard that ends it when its screens fail for them; If-Match as for the active release",
    body: releasePilotSchema,
    take: async ({ customers, guard }, step) => {
      for (const id of customers) {
        if (!(await customerModules.getCustomer(id))) throw new PlatformError('CFG_ERR_PILOT_CUSTOMER_UNKNOWN', `unknown customer '${id}'`);
      }
      await servable(step.release);
      return releases.startPilot({ ...step, customers, guard });
    },
    logged: 'manifest release pilot started',
  });

  stepRoute({
    method: 'DELETE',
    url: '/api/v1/admin/releases/pilot',
    summary: 'End the pilot of the release named: its customers get the active release again; If-Match as for the active release',
    body: releaseStepSchema,
    take: (_body, step) => releases.endPilot(step),
    logged: 'manifest release pilot ended',
  });

  stepRoute({
    method: 'POST',
    url: '/api/v1/admin/releases/pilot/promote',
    summary: "Make the pilot's release (named) the one everyone is served; If-Match as for the active release",
    body: releaseStepSchema,
    take: async (_body, step) => {
      await servable(step.release);
      return releases.promotePilot(step);
    },
    logged: 'manifest release pilot promoted',
  });
}
