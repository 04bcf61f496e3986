import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type HookHandlerDoneFunction } from 'fastify';
import { problemSchema } from '@platform/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from '../errors.ts';
import { ajv, coercingAjv } from '../validation/schemaValidator.ts';
import adminApi from './adminApi.ts';
import problem from './problem.ts';

/** Sign-in as the authentication plugin does it, from a made-up header: `staff`, `customer`, or none. */
function authenticate(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const who = request.headers['x-test-user'];
  if (who !== 'staff' && who !== 'customer') return done(new PlatformError('CFG_ERR_UNAUTHENTICATED'));
  request.verifiedUser = {
    sub: `${who}-1`,
    email: `${who}@example.test`,
    givenName: '',
    familyName: '',
    auth: { role: who === 'staff' ? 'sentient' : 'customer' },
  };
  done();
}

let app: FastifyInstance;
const schemas: Record<string, unknown> = {};
let handled = 0;
beforeAll(async () => {
  app = Fastify();
  // The service's validators; answers as plain JSON, so the problem schema's references need not be added.
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? ajv : coercingAjv).compile(schema));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(problem);
  app.decorate('authenticate', authenticate);
  app.decorateRequest('verifiedUser', null as never);
  app.addHook('onRoute', (route) => {
    // Read after every hook has run, as the OpenAPI document reads them.
    queueMicrotask(() => (schemas[`${route.method} ${route.url}`] = route.schema));
  });
  await app.register(adminApi, {
    routes: async (admin) => {
      admin.get('/admin/whoami', { schema: { tags: ['test'] } }, async (request) => {
        handled += 1;
        return request.actor;
      });
      admin.post(
        '/admin/echo',
        { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
        async (request) => request.body,
      );
      admin.get('/admin/immutable', async (_request, reply) => reply.header('Cache-Control', 'private, max-age=60').send({ ok: true }));
      admin.get('/admin/missing', async () => {
        throw new PlatformError('CFG_ERR_RELEASE_NOT_FOUND', 'no release');
      });
    },
  });
  app.get('/outside', async (request) => ({ actor: request.actor ?? null }));
  await app.ready();
});
afterAll(() => app.close());

const ask = (url: string, who?: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) =>
  app.inject({ method, url, headers: who ? { 'x-test-user': who } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('adminApi', () => {
  it('answers staff, with the acting user and no-store', async () => {
    const res = await ask('/admin/whoami', 'staff');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sub: 'staff-1', email: 'staff@example.test' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses anyone else before the handler and before the body is validated', async () => {
    const before = handled;
    expect((await ask('/admin/whoami')).json()).toMatchObject({ status: 401, code: 'CFG_ERR_UNAUTHENTICATED' });
    expect((await ask('/admin/whoami', 'customer')).json()).toMatchObject({ status: 403, code: 'CFG_ERR_FORBIDDEN' });
    // A body the schema refuses is refused 403 all the same: the route's format is not given away.
    expect((await ask('/admin/echo', 'customer', 'POST', { n: 'x' })).json()).toMatchObject({ status: 403 });
    expect((await ask('/admin/echo', 'staff', 'POST', { n: 'x' })).json()).toMatchObject({ status: 400 });
    expect(handled).toBe(before);
  });

  it("keeps a route's own cache policy, and leaves problems as they are", async () => {
    expect((await ask('/admin/immutable', 'staff')).headers['cache-control']).toBe('private, max-age=60');
    const missing = await ask('/admin/missing', 'staff');
    expect(missing.json()).toMatchObject({ status: 404, code: 'CFG_ERR_RELEASE_NOT_FOUND' });
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('declares the bearer token and the problem replies in every route schema', () => {
    expect(schemas['GET /admin/whoami']).toMatchObject({
      security: [{ bearerAuth: [] }],
      tags: ['test'],
      response: { '4xx': { $ref: `${problemSchema.$id}#` } },
    });
    expect(schemas['POST /admin/echo']).toMatchObject({ security: [{ bearerAuth: [] }], response: { '4xx': { $ref: `${problemSchema.$id}#` } } });
  });

  it('gives none of it to routes registered elsewhere', async () => {
    const res = await ask('/outside');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ actor: null });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
