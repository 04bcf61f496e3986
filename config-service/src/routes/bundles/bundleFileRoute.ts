import type { FastifyInstance } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import { problemSchema } from '@platform/schemas';
import type { BundleFiles } from '../../bundles/bundleFiles.ts';
import { bundleFileUrl } from '../../bundles/servedBundles.ts';
import { PlatformError } from '../../errors.ts';
import { CODINGS } from '../../contentCodings.ts';
import { matches } from '../manifest/index.ts';

/** Bundle files are named after nothing but themselves: a new build is a new version, so a year and immutable. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The policy of a bundle file opened as a page of its own (an SVG someone is sent a link to): a
 * sandbox, an origin of its own, running nothing, so a file meant as an image cannot act on this
 * origin's stored session. Browsers apply a response's policy only to documents and workers: the
 * page's imports, style sheets, fonts and images are loaded as before.
 */
const FILE_AS_PAGE_POLICY = "default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; sandbox";

/**
 * GET /modules/{key}/{version}/{path}: a file of a module's bundle, for anyone (decisions 0056, 0067).
 * Sent in the coding the client takes best (q-values honoured) among those made at upload, as they
 * are: nothing is compressed per request. Each coding has its own entity tag; every answer varies by
 * Accept-Encoding; anything but a file (a 404 the moment before an upload, a refused address) is
 * `no-store`, so no shared cache keeps "missing" once the file is there.
 */
export function bundleFileRoute(app: FastifyInstance, files: BundleFiles): void {
  const codings = new Negotiator({ supportedValues: [...CODINGS] });
  app.get<{ Params: { key: string; version: string; '*': string } }>(
    '/modules/:key/:version/*',
    {
      // Stored compressed at upload: the compression plugin would compress the identity form again per request.
      compress: false,
      schema: {
        tags: ['modules'],
        summary:
          "A file of a module's bundle, for anyone: immutable, so cached for a year; its integrity is in the page's import map. Sent br or gzip as stored at upload, by Accept-Encoding",
        params: {
          type: 'object',
          required: ['key', 'version', '*'],
          properties: { key: { type: 'string' }, version: { type: 'string' }, '*': { type: 'string' } },
        },
        response: { 200: { type: 'string', format: 'binary' }, ...{ '4xx': { $ref: `${problemSchema.$id}#` } } },
      },
      // On every answer, the refusals before the handler (a malformed address) and the problems included.
      onSend: (_request, reply, payload, done) => {
        reply.header('Vary', 'Accept-Encoding');
        if (reply.statusCode >= 400) reply.header('Cache-Control', 'no-store');
        done(null, payload);
      },
    },
    async (request, reply) => {
      const { key, version, '*': path } = request.params;
      const accepted = request.headers['accept-encoding'];
      const coding = (accepted && codings.negotiate(accepted)) || undefined;
      const file = await files.get(key, version, path, coding);
      if (!file) throw new PlatformError('CFG_ERR_BUNDLE_FILE_NOT_FOUND', `no file ${bundleFileUrl(key, version, path)}`);
      reply.header('Cache-Control', IMMUTABLE).header('ETag', file.etag).header('Content-Security-Policy', FILE_AS_PAGE_POLICY).type(file.contentType);
      if (matches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
      if (file.coding) reply.header('Content-Encoding', file.coding);
      return reply.send(file.content);
    },
  );
}
