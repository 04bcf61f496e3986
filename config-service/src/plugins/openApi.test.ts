import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, startTestApps, type TestApps } from '../testing/testApp.ts';
import { componentName } from './openApi.ts';

/** The parts of the document the tests read. */
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let apps: TestApps;
let app: FastifyInstance;
let doc: Doc;
let webRoot: string;

beforeAll(async () => {
  apps = await startTestApps();
  // Every kind of route the document must leave out: the local identity provider's adapters and static files.
  webRoot = mkdtempSync(join(tmpdir(), 'openapi-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>web</title>');
  writeFileSync(join(webRoot, 'assets', 'app.js'), '');
  app = await apps.app({
    webRoot,
    localIdp: { upstream: 'http://127.0.0.1:1', userPoolId: 'us-east-1_local', clientId: CLIENT, callbackUrls: ['http://localhost:8080/'] },
  });
  doc = (await app.inject({ url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await apps.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** Every `$ref` value anywhere in a JSON value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner)));
}

describe('GET /api/docs/json', () => {
  it('answers the OpenAPI 3.1 document as JSON', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().openapi).toMatch(/^3\.1\.\d+$/);
    expect(res.json().info).toMatchObject({ title: 'AssetTwin config service', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('describes GET /api/v1/manifest as answering the user manifest component', () => {
    const response = doc.paths['/api/v1/manifest']?.get?.responses['200'];
    expect(response?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/user-manifest' });
    expect(doc.components.schemas['user-manifest']).toMatchObject({ type: 'object', title: 'User manifest' });
  });

  it('lists problem replies as application/problem+json, the type they are sent with', () => {
    const problems = doc.paths['/api/v1/manifest']?.get?.responses['4XX'];
    expect(problems?.content).toEqual({ 'application/problem+json': { schema: { $ref: '#/components/schemas/problem' } } });
  });

  it('resolves every $ref to a component of the document', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    const dangling = refs.filter((ref) => {
      const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
      return name === undefined || doc.components.schemas[name] === undefined;
    });
    expect(dangling).toEqual([]);
  });

  it('names shared schemas after their file and keeps no JSON Schema $id or $defs in components', () => {
    expect(componentName('https://asset-platform.example/schemas/problem.schema.json')).toBe('problem');
    expect(doc.components.schemas).toHaveProperty('problem');
    // A `$defs` entry of a shared schema becomes a component of its own, named `<schema>-<key>`.
    expect(doc.components.schemas).toHaveProperty('user-manifest-moduleView');
    // Left in, a `$id` would change the base URI the component's own `$ref`s resolve against.
    expect(JSON.stringify(doc.components.schemas)).not.toMatch(/"\$(id|defs)":/);
  });

  it('documents only the /api/v1 routes', () => {
    // The routes left out do exist in this app, so their absence below means something.
    expect(app.hasRoute({ method: 'POST', url: '/idp' })).toBe(true);
    expect(app.hasRoute({ method: 'POST', url: '/oauth2/token' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/assets/app.js' })).toBe(true);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/config', '/api/v1/manifest', '/api/v1/customers']));
    expect(paths.filter((path) => !path.startsWith('/api/v1/'))).toEqual([]);
  });

  it("lists the platform's contracts, not another team's", () => {
    // The Model Runtime team's are its module's (modules/model-runtime/schemas/), known only in the scope of
    // its stand-in, which this app does not serve (under `npm start` the generator collects them from there).
    expect(doc.components.schemas).toHaveProperty('problem');
    expect(Object.keys(doc.components.schemas).filter((name) => name.startsWith('model-runtime-'))).toEqual([]);
  });

  it('declares the Cognito ID token as a bearer security scheme', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.paths['/api/v1/manifest']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('is a valid OpenAPI document', async () => {
    // A fresh copy: validate() dereferences the document in place.
    const fresh = (await app.inject({ url: '/api/docs/json' })).json();
    await expect(SwaggerParser.validate(fresh)).resolves.toMatchObject({ openapi: doc.openapi });
  });
});

describe('GET /api/docs', () => {
  it('answers the UI page, whose scripts are served', async () => {
    let res = await app.inject({ url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) res = await app.inject({ url: String(res.headers.location) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(expect.arrayContaining([expect.stringMatching(/swagger-ui-bundle\.js$/)]));
    for (const src of scripts) {
      const asset = await app.inject({ url: new URL(src, 'http://localhost/api/docs').pathname });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type'], src).toMatch(/javascript/);
    }
  });
});
