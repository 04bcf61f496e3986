import type { FastifyInstance } from 'fastify';
import {
  moduleBundleListSchema,
  moduleBundleSchema,
  moduleBundleWithdrawalSchema,
  moduleManifestSchema,
  type ModuleBundle,
  type ModuleBundleList,
  type ModuleBundleWithdrawal,
} from '@platform/schemas';
import { BundleFiles } from '../../bundles/bundleFiles.ts';
import { compressBundleFiles } from '../../bundles/compressBundleFiles.ts';
import { namedBundles } from '../../bundles/namedBundles.ts';
import { BUNDLE_LIMITS, ENTRY, readBundle } from '../../bundles/readBundle.ts';
import { bundleFileUrl } from '../../bundles/servedBundles.ts';
import { PlatformError } from '../../errors.ts';
import { requireOwnModule } from '../../publishers/publishingRights.ts';
import type { ManifestSet } from '../../manifests/loadManifestSet.ts';
import adminApi from '../../plugins/adminApi.ts';
import { InFlightLimit, type InFlightLimits } from '../../plugins/inFlightLimit.ts';
import { coercingAjv } from '../../validation/schemaValidator.ts';
import { DEFAULT_BUNDLE_UPLOADS } from '../../settings.ts';
import type { BundleQuota, BundleStore, StoredBundle } from '../../store/bundleStore.ts';
import { bundleFileRoute } from './bundleFileRoute.ts';

export interface BundleRouteOptions {
  bundles: BundleStore;
  /** The sets served now (the active release's, a pilot's): a module one of them registers is known. */
  servedSets: () => readonly ManifestSet[];
  /** How much one module may keep (BUNDLE_QUOTA_VERSIONS, BUNDLE_QUOTA_MEGABYTES). */
  quota: BundleQuota;
  /** Bytes of bundle files kept in memory; unset: BundleFiles' default (64 MB). */
  cacheBytes?: number;
  /** Uploads read at once, per user and per process (each is held whole in memory while it is checked); unset: the settings' defaults. */
  uploads?: InFlightLimits;
}

/** How soon a refused upload should try again: about the time one upload takes to arrive and be checked. */
const UPLOAD_RETRY_AFTER_S = 10;

const MODULE_KEY = moduleManifestSchema.properties.key;
const VERSION = moduleManifestSchema.properties.bundle.properties.version;
const tags = ['modules'];
const moduleParams = { type: 'object', required: ['key'], properties: { key: MODULE_KEY } } as const;
const versionParams = { type: 'object', required: ['key', 'version'], properties: { key: MODULE_KEY, version: VERSION } } as const;
const answerOf = (bundle: StoredBundle): ModuleBundle => ({
  module: bundle.module,
  version: bundle.version,
  entry: bundleFileUrl(bundle.module, bundle.version, ENTRY),
  sdk: bundle.sdk,
  files: bundle.files,
  uploadedBy: bundle.uploadedBy,
  uploadedAt: bundle.uploadedAt,
  ...(bundle.withdrawn ? { withdrawn: bundle.withdrawn } : {}),
});

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Module screen bundles (issue 28, decision 0056): staff upload a build of a module's screens as a
 * gzipped tar, once per version; every replica serves its files from the store at
 * /modules/{key}/{version}/{path} to anyone (the page's import map carries their integrity).
 */
export default async function bundleRoutes(app: FastifyInstance, options: BundleRouteOptions) {
  const files = new BundleFiles(options.bundles, options.cacheBytes);
  // A version withdrawn through any replica is forgotten by this one's memory at once; news missed
  // while the connection was down: everything is forgotten, and read again as asked for.
  const unlisten = await options.bundles.onWithdrawn(
    (module, version) => files.forget(module, version),
    () => files.forget(),
  );
  app.addHook('onClose', async () => unlisten());
  await app.register(adminApi, { routes: (admin) => bundleAdminRoutes(admin, options, files) });
  bundleFileRoute(app, files);
}

/** Uploading, listing and withdrawing a module's versions (staff only: registered under the admin API plugin). */
async function bundleAdminRoutes(app: FastifyInstance, options: BundleRouteOptions, files: BundleFiles) {
  // After sign-in and the staff check, before the body (up to 10 MB, then its files) is read: 20
  // uploads at once added ~600 MB that stayed (issue 34).
  const uploads = new InFlightLimit({ what: 'bundle uploads', limits: options.uploads ?? DEFAULT_BUNDLE_UPLOADS, retryAfterS: UPLOAD_RETRY_AFTER_S });

  /** A module the release in service (or the pilot's) registers; any other key is 404. */
  const knownModule = (key: string) => {
    if (!options.servedSets().some((set) => set.registry.includes(key)))
      throw new PlatformError('CFG_ERR_MODULE_NOT_FOUND', `no module '${key}' in the release in service`);
  };

  await app.register(async (scope) => {
    // The body is read whole (up to its own limit, not the API's 64 KB), then decompressed and parsed as a stream.
    scope.addContentTypeParser('application/gzip', { parseAs: 'buffer', bodyLimit: BUNDLE_LIMITS.compressedBytes }, (_request, body, done) => done(null, body));
    scope.put<{ Params: { key: string; version: string }; Body: Buffer }>(
      '/api/v1/admin/modules/:key/bundles/:version',
      {
        // A publish token (or staff restricted to modules) may upload its own modules' bundles (decision 0086),
        // refused before a slot is taken or a byte of another module's bundle is read.
        onRequest: [async (request) => requireOwnModule(request, (request.params as { key: string }).key), uploads.hook],
        config: { publishStep: true },
        // The body schema describes the upload for the OpenAPI document; the bytes are checked by readBundle, not by a JSON Schema.
        validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? () => true : coercingAjv.compile(schema)),
        schema: {
          tags,
          summary:
            "Upload a build of the module's screens: a gzipped tar of the folder (index.js and bundle.json at its root). 201 stored; 200 the same files were already this version; 409 the version holds other files, was withdrawn, or the module's quota is used up",
          params: versionParams,
          consumes: ['application/gzip'],
          body: { description: 'The bundle folder as a gzipped tar (index.js and bundle.json at its root).', type: 'string', format: 'binary' },
          response: { 200: { $ref: `${moduleBundleSchema.$id}#` }, 201: { $ref: `${moduleBundleSchema.$id}#` } },
        },
      },
      async (request, reply): Promise<ModuleBundle> => {
        const { key, version } = request.params;
        // Another type the service reads (JSON) arrives parsed: this route takes a gzipped tar only.
        if (!Buffer.isBuffer(request.body))
          throw new PlatformError('CFG_ERR_UNSUPPORTED_MEDIA_TYPE', 'send the bundle as a gzipped tar (Content-Type: application/gzip)');
        knownModule(key);
        const read = await readBundle(request.body);
        const { actor } = request;
        // Compressed once here, never per request (decision 0067); not for a version already taken, which stores nothing.
        const stored = (await options.bundles.get(key, version)) ? read.files : await compressBundleFiles(read.files);
        const put = await options.bundles.put({ module: key, version, ...read, files: stored }, actor, options.quota);
        if (put.outcome === 'over-quota') {
          const { quota } = options;
          const limit =
            put.limit === 'versions'
              ? `${key} keeps ${put.used.versions} versions, the most a module may keep (BUNDLE_QUOTA_VERSIONS=${quota.versions})`
              : `${key}'s versions hold ${megabytes(put.used.bytes)} of files; with these ${megabytes(read.files.reduce((n, f) => n + f.content.length, 0))} they would pass ${megabytes(quota.bytes)} (BUNDLE_QUOTA_MEGABYTES)`;
          throw new PlatformError(
            'CFG_ERR_BUNDLE_QUOTA',
            `${limit}; nothing was stored. Withdraw versions no release in service names (DELETE /api/v1/admin/modules/${key}/bundles/{version}), then upload again`,
            { extensions: { limit: put.limit, quota, used: put.used } },
          );
        }
        if (put.outcome === 'withdrawn') {
          throw new PlatformError(
            'CFG_ERR_BUNDLE_WITHDRAWN',
            `version ${version} of ${key} was withdrawn (${put.existing.withdrawn?.reason ?? ''}); a withdrawn version is never uploaded again: upload these as a new version`,
            { extensions: { current: answerOf(put.existing) } },
          );
        }
        if (put.outcome === 'conflict') {
          throw new PlatformError(
            'CFG_ERR_BUNDLE_EXISTS',
            `version ${version} of ${key} holds other files; versions never change: upload these as a new version`,
            {
              extensions: { current: answerOf(put.existing) },
            },
          );
        }
        if (put.outcome === 'created')
          request.log.info({ module: key, version, files: read.files.length, digest: read.digest, actor: actor.sub }, 'module bundle uploaded');
        reply.code(put.outcome === 'created' ? 201 : 200).header('Location', `/api/v1/admin/modules/${key}/bundles/${version}`);
        return answerOf(put.bundle);
      },
    );
  });

  app.get<{ Params: { key: string } }>(
    '/api/v1/admin/modules/:key/bundles',
    {
      schema: {
        tags,
        summary: "Every version of the module's screens uploaded, newest first; a withdrawn one says who withdrew it, when and why",
        params: moduleParams,
        response: { 200: { $ref: `${moduleBundleListSchema.$id}#` } },
      },
    },
    async (request): Promise<ModuleBundleList> => {
      knownModule(request.params.key);
      return { module: request.params.key, bundles: (await options.bundles.list(request.params.key)).map(answerOf) };
    },
  );

  app.delete<{ Params: { key: string; version: string }; Body: ModuleBundleWithdrawal }>(
    '/api/v1/admin/modules/:key/bundles/:version',
    {
      schema: {
        tags,
        summary:
          'Withdraw a version (why, for the audit): its files answer 404 on every replica from then on, it no longer counts towards the quota, and it can never be uploaded again. 409 while the active release or a pilot names it',
        params: versionParams,
        body: { $ref: `${moduleBundleWithdrawalSchema.$id}#` },
        response: { 200: { $ref: `${moduleBundleSchema.$id}#` } },
      },
    },
    async (request): Promise<ModuleBundle> => {
      const { key, version } = request.params;
      const naming = options
        .servedSets()
        .filter((set) => namedBundles(set).some((n) => n.module === key && n.version === version))
        .map((set) => set.release);
      if (naming.length)
        throw new PlatformError(
          'CFG_ERR_BUNDLE_IN_SERVICE',
          `release ${naming.join(' and ')} in service names ${key} ${version}: activate (or end the pilot of) a release naming another version first; nothing was withdrawn`,
          { extensions: { releases: naming } },
        );
      const { actor } = request;
      const withdrawn = await options.bundles.withdraw(key, version, actor, request.body.reason);
      if (!withdrawn) throw new PlatformError('CFG_ERR_BUNDLE_NOT_FOUND', `no version ${version} of ${key} was uploaded`);
      files.forget(key, version);
      if (withdrawn.outcome === 'withdrawn')
        request.log.info({ module: key, version, actor: actor.sub, reason: request.body.reason }, 'module bundle withdrawn');
      return answerOf(withdrawn.bundle);
    },
  );
}
