import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customerHeader, { customerHeaderSchema } from './customerHeader.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  // As the route plugins do: registered inside their own, encapsulated, plugin.
  await app.register(async (routes) => {
    await routes.register(customerHeader);
    routes.get('/chosen', { schema: { headers: customerHeaderSchema } }, async (request) => ({ chosen: request.requestedCustomerId ?? null }));
  });
  await app.register(async (others) => {
    await others.register(customerHeader);
    others.get('/other', async (request) => ({ chosen: request.requestedCustomerId ?? null }));
  });
  await app.ready();
});
afterAll(() => app.close());

const chosen = async (headers: Record<string, string>, url = '/chosen') => (await app.inject({ url, headers })).json<{ chosen: string | null }>().chosen;

describe('customerHeader', () => {
  it('reads the customer named in X-Customer-Id', async () => {
    expect(await chosen({ 'x-customer-id': 'globex' })).toBe('globex');
    expect(await chosen({ 'X-Customer-Id': 'acme' })).toBe('acme');
  });

  it('reads an absent or empty header as no choice', async () => {
    expect(await chosen({})).toBeNull();
    expect(await chosen({ 'x-customer-id': '' })).toBeNull();
  });

  it('may be registered by several route plugins side by side', async () => {
    expect(await chosen({ 'x-customer-id': 'globex' }, '/other')).toBe('globex');
  });
});
