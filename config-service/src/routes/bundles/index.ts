import type { FastifyInstance } from 'fastify';
import { moduleBundleListSchema, moduleBundleSchema, moduleManifestSchema, problemSchema, type ModuleBundle, type ModuleBundleList } from '@platform/schemas';
import { BundleFiles } from '../../bundles/bundleFiles.ts';
import { BUNDLE_LIMITS, ENTRY, readBundle } from '../../bundles/readBundle.ts';
import { bundleFileUrl } from '../../bundles/servedBundles.ts';
import { PlatformError } from '../../errors.ts';
import type { ManifestSet } from '../../manifests/loadManifestSet.ts';
import { InFlightLimit, type InFlightLimits } from '../../plugins/inFlightLimit.ts';
import { coercingAjv } from '../../validation/schemaValidator.ts';
import { staffOnly } from '../../plugins/staffOnly.ts';
import { DEFAULT_BUNDLE_UPLOADS } from '../../settings.ts';
import type { BundleStore, StoredBundle } from '../../store/bundleStore.ts';

export interface BundleRouteOptions {
  bundles: BundleStore;
  /** The sets served now (the active release's, a pilot's): a module one of them registers is known. */
  servedSets: () => readonly ManifestSet[];
  /** Bytes of bundle files kept in memory; unset: BundleFiles' default (64 MB). */
  cacheBytes?: number;
  /** Uploads read at once, per user and per process (each is held whole in memory while it is checked); unset: the settings' defaults. */
  uploads?: InFlightLimits;
}

/** How soon a refused upload should try again: about the time one upload takes to arrive and be checked. */
const UPLOAD_RETRY_AFTER_S = 10;

const MODULE_KEY = moduleManifestSchema.properties.key;
const VERSION = moduleManifestSchema.properties.bundle.properties.version;
const problems = { '4xx': { $ref: `${problemSchema.$id}#` } };
const secured = { security: [{ bearerAuth: [] }], tags: ['modules'] };
const moduleParams = { type: 'object', required: ['key'], properties: { key: MODULE_KEY } } as const;
const versionParams = { type: 'object', required: ['key', 'version'], properties: { key: MODULE_KEY, version: VERSION } } as const;
/** Bundle files are named after nothing but themselves: a new build is a new version, so a year and immutable. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The policy of a bundle file opened as a page of its own (an SVG someone is sent a link to): a
 * sandbox, an origin of its own, running nothing, so a file meant as an image cannot act on this
 * origin's stored session. Browsers apply a response's policy only to documents and workers: the
 * page's imports, style sheets, fonts and images are loaded as before.
 */
const FILE_AS_PAGE_POLICY = "default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; sandbox";

const answerOf = (bundle: StoredBundle): ModuleBundle => ({
  module: bundle.module,
  version: bundle.version,
  entry: bundleFileUrl(bundle.module, bundle.version, ENTRY),
  sdk: bundle.sdk,
  files: bundle.files,
  uploadedBy: bundle.uploadedBy,
  uploadedAt: bundle.uploadedAt,
});

/**
 * Module screen bundles (issue 28, decision 0056): staff upload a build of a module's screens as a
 * gzipped tar, once per version; every replica serves its files from the store at
 * /modules/{key}/{version}/{path} to anyone (the page's import map carries their integrity).
 */
export default async function bundleRoutes(app: FastifyInstance, options: BundleRouteOptions) {
  const guards = { onRequest: [app.authenticate, staffOnly('upload module bundles')] };
  const files = new BundleFiles(options.bundles, options.cacheBytes);
  // After sign-in and the staff check, before the body (up to 10 MB, then its files) is read: 20
  // uploads at once added ~600 MB that stayed (issue 34).
  const uploads = new InFlightLimit({ what: 'bundle uploads', limits: options.uploads ?? DEFAULT_BUNDLE_UPLOADS, retryAfterS: UPLOAD_RETRY_AFTER_S });

  /** A module the release in service (or the pilot's) registers; any other key is 404. */
  const knownModule = (key: string) => {
    if (!options.servedSets().some((set) => set.registry.includes(key)))
      throw new PlatformError('CFG_ERR_NOT_FOUND', `no module '${key}' in the release in service`);
  };

  await app.register(async (scope) => {
    // The body is read whole (up to its own limit, not the API's 64 KB), then decompressed and parsed as a stream.
    scope.addContentTypeParser('application/gzip', { parseAs: 'buffer', bodyLimit: BUNDLE_LIMITS.compressedBytes }, (_request, body, done) => done(null, body));
    scope.put<{ Params: { key: string; version: string }; Body: Buffer }>(
      '/api/v1/admin/modules/:key/bundles/:version',
      {
        onRequest: [...guards.onRequest, uploads.hook],
        // The body schema describes the upload for the OpenAPI document; the bytes are checked by readBundle, not by a JSON Schema.
        validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? () => true : coercingAjv.compile(schema)),
        schema: {
          ...secured,
          summary:
            "Upload a build of the module's screens: a gzipped tar of the folder (index.js and bundle.json at its root). 201 stored; 200 the same files were already this version; 409 the version holds other files",
          params: versionParams,
          consumes: ['application/gzip'],
          body: { description: 'The bundle folder as a gzipped tar (index.js and bundle.json at its root).', type: 'string', format: 'binary' },
          response: { 200: { $ref: `${moduleBundleSchema.$id}#` }, 201: { $ref: `${moduleBundleSchema.$id}#` }, ...problems },
        },
      },
      async (request, reply): Promise<ModuleBundle> => {
        const { key, version } = request.params;
        // Another type the service reads (JSON) arrives parsed: this route takes a gzipped tar only.
        if (!Buffer.isBuffer(request.body))
          throw new PlatformError('CFG_ERR_UNSUPPORTED_MEDIA_TYPE', 'send the bundle as a gzipped tar (Content-Type: application/gzip)');
        knownModule(key);
        const read = await readBundle(request.body);
        const actor = { sub: request.verifiedUser.sub, email: request.verifiedUser.email };
        const put = await options.bundles.put({ module: key, version, ...read }, actor);
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
        reply
          .code(put.outcome === 'created' ? 201 : 200)
          .header('Location', `/api/v1/admin/modules/${key}/bundles/${version}`)
          .header('Cache-Control', 'no-store');
        return answerOf(put.bundle);
      },
    );
  });

  app.get<{ Params: { key: string } }>(
    '/api/v1/admin/modules/:key/bundles',
    {
      ...guards,
      schema: {
        ...secured,
        summary: "Every version of the module's screens uploaded, newest first",
        params: moduleParams,
        response: { 200: { $ref: `${moduleBundleListSchema.$id}#` }, ...problems },
      },
    },
    async (request, reply): Promise<ModuleBundleList> => {
      knownModule(request.params.key);
      reply.header('Cache-Control', 'no-store');
      return { module: request.params.key, bundles: (await options.bundles.list(request.params.key)).map(answerOf) };
    },
  );

  app.get<{ Params: { key: string; version: string; '*': string } }>(
    '/modules/:key/:version/*',
    {
      schema: {
        tags: ['modules'],
        summary: "A file of a module's bundle, for anyone: immutable, so cached for a year; its integrity is in the page's import map",
        params: {
          type: 'object',
          required: ['key', 'version', '*'],
          properties: { key: { type: 'string' }, version: { type: 'string' }, '*': { type: 'string' } },
        },
        response: { 200: { type: 'string', format: 'binary' }, ...problems },
      },
    },
    async (request, reply) => {
      const { key, version, '*': path } = request.params;
      const file = await files.get(key, version, path);
      if (!file) throw new PlatformError('CFG_ERR_NOT_FOUND', `no file ${bundleFileUrl(key, version, path)}`);
      reply.header('Cache-Control', IMMUTABLE).header('ETag', file.etag).header('Content-Security-Policy', FILE_AS_PAGE_POLICY).type(file.contentType);
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.send(file.content);
    },
  );
}
