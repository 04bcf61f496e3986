// Test support: requests signed with a token, the one way service tests write an Authorization header.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** The headers of a request signed with `token`, with any others: for inject, fetch and node:http alike. */
export const bearer = <H extends object = Record<never, never>>(token: string, headers?: H): { authorization: string } & H => ({
  authorization: `Bearer ${token}`,
  ...(headers as H),
});

/** Sends `request` to `app` through inject, signed with `token`; without one, as it is. */
export function signedRequest(app: FastifyInstance, token: string | undefined, request: InjectOptions): Promise<LightMyRequestResponse> {
  const headers = request.headers ?? {};
  return app.inject({ ...request, headers: token === undefined ? headers : bearer(token, headers) });
}
