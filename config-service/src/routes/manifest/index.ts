import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { customerInContext, problemSchema, STAFF_ROLE, userManifestSchema } from '@platform/schemas';
import { buildUserManifest } from '../../manifests/buildUserManifest.ts';
import { mfaPendingManifest } from '../../manifests/mfaPendingManifest.ts';
import type { ManifestSet } from '../../manifests/loadManifestSet.ts';
import type { ServedManifests } from '../../releases/servedManifests.ts';
import type { CustomerModules } from '../../customers/customerModules.ts';
import { PreparedManifests } from '../../manifests/preparedManifests.ts';
import customerHeader, { customerHeaderSchema, knownCustomer } from '../../plugins/customerHeader.ts';
import { Negotiator } from '@fastify/accept-negotiator';
import { CODINGS } from '../../contentCodings.ts';
import { codedTag, CompressedBodies, MIN_COMPRESSED_BYTES } from '../../plugins/compressedBodies.ts';

/** The prepared-manifest slot of a user whose MFA is pending: no customer id can be this (NUL). */
const MFA_PENDING_CHOICE = '\0mfa-pending';

export interface ManifestRouteOptions {
  manifests: ServedManifests;
  environment: string;
  productName: string;
  customerModules: CustomerModules;
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as RFC 9110 asks for GET). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // What a browser sends back is the one tag it was given: answered without splitting anything.
  if (header === etag || header === `W/${etag}`) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** GET /api/v1/manifest: the signed-in user's routes and navigation. */
export default async function manifestRoutes(app: FastifyInstance, options: ManifestRouteOptions) {
  const prepared = new PreparedManifests();
  const compressed = new CompressedBodies();
  const codings = new Negotiator({ supportedValues: [...CODINGS] });
  await app.register(customerHeader);
  app.get(
    '/api/v1/manifest',
    {
      onRequest: app.authenticate,
      // A user whose MFA is pending is answered what setting it up needs (decision 0042).
      config: { servesMfaPending: true },
      // Compressed here, once per prepared body, not by the compression plugin on every request.
      compress: false,
      schema: {
        summary: "The signed-in user's routes and navigation, built from their verified claims",
        tags: ['navigation'],
        security: [{ bearerAuth: [] }],
        headers: customerHeaderSchema,
        response: { 200: { $ref: `${userManifestSchema.$id}#` }, '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    // Not async: with the customer's switches and the compressed body already at hand (nearly every
    // request), the answer goes out without a promise; only a first read or compression is waited for.
    (request, reply) => {
      const user = request.verifiedUser;
      if (request.mfaPending) return answer(request, reply, options.manifests.servedTo(null), null, undefined);
      const requested = request.requestedCustomerId;
      // Only staff may choose a customer; for anyone else the header is ignored, not an error,
      // because the web app may still hold a stale choice from an earlier staff session.
      if (requested === undefined || user.auth?.role !== STAFF_ROLE || options.customerModules.isKnown(requested)) return serve(request, reply);
      return knownCustomer(options.customerModules, requested).then(() => serve(request, reply));
    },
  );

  /** The answer for the customer in context, once a customer staff chose is known to exist. */
  function serve(request: FastifyRequest, reply: FastifyReply): undefined | Promise<FastifyReply | undefined> {
    const user = request.verifiedUser;
    const customer = customerInContext(user.auth, request.requestedCustomerId);
    // Read once: the whole answer comes from one release, whatever is activated meanwhile.
    const set = options.manifests.servedTo(customer);
    if (customer === null) return answer(request, reply, set, null, undefined);
    const known = options.customerModules.knownEnabledFor(customer, set);
    if (known) return answer(request, reply, set, customer, known);
    return options.customerModules.enabledFor(customer, set).then((switches) => answer(request, reply, set, customer, switches));
  }

  /** Sends the prepared manifest, its 304, or its compressed bytes; a promise only while those are being made. */
  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    set: ManifestSet,
    customer: string | null,
    switches: Readonly<Record<string, boolean>> | undefined,
  ): undefined | Promise<FastifyReply> {
    const user = request.verifiedUser;
    const pending = request.mfaPending;
    const manifest = prepared.get(
      user,
      pending ? MFA_PENDING_CHOICE : (customer ?? ''),
      set,
      switches,
      () =>
        pending
          ? mfaPendingManifest(set, user, options)
          : buildUserManifest(set, user, {
              environment: options.environment,
              productName: options.productName,
              requestedCustomerId: request.requestedCustomerId,
              customerEnabled: switches && ((key) => switches[key]),
              onNoLanding: (u) => request.log.error({ sub: u.sub }, 'landing page cannot be determined for user'),
            }),
      (built) => String(reply.serialize(built)),
    );
    app.metrics.manifestsServed.inc();
    if (manifest.built) app.metrics.manifestBuilds.inc();
    const accepted = request.headers['accept-encoding'];
    const coding = accepted && manifest.body.length >= MIN_COMPRESSED_BYTES ? (codings.negotiate(accepted) ?? undefined) : undefined;
    const etag = codedTag(manifest.etag, coding);
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization, X-Customer-Id, Accept-Encoding');
    if (matches(request.headers['if-none-match'], etag)) {
      app.metrics.manifestNotModified.inc();
      reply.code(304).send();
      return undefined;
    }
    reply.type('application/json; charset=utf-8');
    if (!coding) {
      reply.send(manifest.body);
      return undefined;
    }
    reply.header('Content-Encoding', coding);
    const bytes = compressed.get(manifest.etag, manifest.body, coding);
    if (Buffer.isBuffer(bytes)) {
      reply.send(bytes);
      return undefined;
    }
    return (bytes as Promise<Buffer>).then((made) => reply.send(made));
  }
}
