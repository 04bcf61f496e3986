import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PlatformError } from '../../errors.ts';

/**
 * The thin adapter between the browser and cognito-local, under our own origin at /idp. It closes
 * the emulator's gaps that Amplify v6 runs into, and passes everything else through untouched:
 * - GetTokensFromRefreshToken (Amplify 6.22 refreshes with it) becomes REFRESH_TOKEN_AUTH;
 * - GlobalSignOut is acknowledged (the emulator has none; tokens simply expire);
 * - a browser may not write `custom:` attributes (the role and customer live there): a real pool's
 *   app client leaves them out of its write attributes, which the emulator does not enforce.
 * It also serves the pre-token-generation "Lambda" that cognito-local invokes, which puts
 * given_name and family_name into the ID token as a real user pool does.
 */
const ATTRIBUTE_WRITES = new Set(['SignUp', 'UpdateUserAttributes']);

/** Whether a browser's request would set an attribute only administrators may set. */
export function writesCustomAttributes(operation: string | undefined, raw: string): boolean {
  if (!operation || !ATTRIBUTE_WRITES.has(operation)) return false;
  try {
    const input = JSON.parse(raw) as { UserAttributes?: { Name?: unknown }[] };
    return (input.UserAttributes ?? []).some((a) => typeof a?.Name === 'string' && a.Name.toLowerCase().startsWith('custom:'));
  } catch {
    return false;
  }
}

export default async function localIdpRoutes(app: FastifyInstance, options: { upstream: string }) {
  app.addContentTypeParser('application/x-amz-json-1.1', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  // cognito-local's Lambda client sends the event without a JSON content type.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch (error) {
      // The client's mistake, not ours: 400, not 500.
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });

  const forward = async (target: string, body: string) =>
    fetch(options.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
      body,
    });

  app.post('/idp', async (request, reply) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const raw = typeof request.body === 'string' ? request.body : '{}';
    const operation = target.split('.').pop();

    if (operation === 'GlobalSignOut') return reply.type('application/x-amz-json-1.1').send('{}');
    if (writesCustomAttributes(operation, raw)) {
      return reply
        .code(400)
        .header('x-amzn-errortype', 'NotAuthorizedException')
        .type('application/x-amz-json-1.1')
        .send(JSON.stringify({ __type: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' }));
    }

    let upstream: Response;
    if (operation === 'GetTokensFromRefreshToken') {
      let input: { RefreshToken?: string; ClientId?: string };
      try {
        input = JSON.parse(raw) as typeof input;
      } catch {
        // As Cognito answers a body that is not JSON.
        return reply
          .code(400)
          .header('x-amzn-errortype', 'SerializationException')
          .type('application/x-amz-json-1.1')
          .send(JSON.stringify({ __type: 'SerializationException', message: 'The request body is not JSON' }));
      }
      upstream = await forward(
        'AWSCognitoIdentityProviderService.InitiateAuth',
        JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId, AuthParameters: { REFRESH_TOKEN: input.RefreshToken } }),
      );
    } else {
      upstream = await forward(target, raw);
    }
    for (const header of ['x-amzn-errortype', 'x-amzn-requestid']) {
      const value = upstream.headers.get(header);
      if (value) reply.header(header, value);
    }
    return reply
      .code(upstream.status)
      .type(upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1')
      .send(await upstream.text());
  });

  const loopback = (request: FastifyRequest) => ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');

  app.post<{ Params: { name: string }; Body: { request?: { userAttributes?: Record<string, string> } } }>(
    '/idp/lambda/2015-03-31/functions/:name/invocations',
    async (request) => {
      if (!loopback(request)) throw new PlatformError('CFG_ERR_FORBIDDEN', 'the identity provider trigger is for the local identity provider only');
      const event = request.body ?? {};
      const attributes = event.request?.userAttributes ?? {};
      const claims: Record<string, string> = {};
      for (const name of ['given_name', 'family_name']) if (attributes[name]) claims[name] = attributes[name];
      return { ...event, response: { claimsOverrideDetails: { claimsToAddOrOverride: claims } } };
    },
  );
}
