import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { problemSchema } from '@platform/schemas';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import servicePackage from '../../package.json' with { type: 'json' };

export interface OpenApiOptions {
  productName: string;
}

/** Where the UI is served; the document is at `${DOCS_PREFIX}/json`. */
const DOCS_PREFIX = '/api/docs';

/** Only the versioned API is a contract; the identity provider's adapters, static files and the docs are not. */
const DOCUMENTED = /^\/api\/v\d+\//;

/** A shared schema's component name, from its `$id` file name: `…/problem.schema.json` → `problem`. */
export function componentName($id: string): string {
  const file = $id.split('#', 1)[0]!.split('/').pop() ?? $id;
  return file.replace(/\.schema\.json$/, '').replace(/\.json$/, '');
}

/**
 * Lists problem replies under `application/problem+json`, the type `sendProblem` always sends: the route
 * schemas name only the shape, which the generator would otherwise list as `application/json`.
 */
function problemMediaType(schema: FastifySchema | undefined): FastifySchema {
  // Typed as always present, but a route declared without a schema passes undefined.
  const response = schema?.response as Record<string, { $ref?: unknown }> | undefined;
  if (!schema || !response) return schema ?? {};
  const described = Object.entries(response).map(([status, reply]) =>
    typeof reply.$ref === 'string' && reply.$ref.startsWith(problemSchema.$id)
      ? [status, { description: problemSchema.description, content: { 'application/problem+json': { schema: reply } } }]
      : [status, reply],
  );
  return { ...schema, response: Object.fromEntries(described) };
}

const UI_STATIC = join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static');

/**
 * The 'sha256-…' sources of the <style> elements Swagger UI's React components render (the built-in
 * logo of its top bar, shown until the initializer swaps it), read from the very files it serves so
 * an upgrade cannot leave the list stale.
 */
function swaggerUiStyleHashes(): string[] {
  const hashes = new Set<string>();
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
    const code = readFileSync(join(UI_STATIC, file), 'utf8');
    for (const [, literal] of code.matchAll(/createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(JSON.parse(literal!) as string)
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}

/** A policy header with further sources for style-src. */
function withStyleSources(header: string, sources: readonly string[]): string {
  return header
    .split(';')
    .map((directive) => (directive.trim().startsWith('style-src ') ? `${directive.trim()} ${sources.join(' ')}` : directive.trim()))
    .join('; ');
}

/**
 * Swagger UI's own logo with its fill as attributes. The UI shows it as a data: image, which inherits
 * the page's Content-Security-Policy; that refuses inline styles, so the logo's <style> element (and
 * its style attribute) would be blocked and the logo drawn black on the dark top bar.
 */
function logoWithoutInlineStyles(): { type: string; content: Buffer } {
  const svg = readFileSync(join(UI_STATIC, 'logo.svg'), 'utf8')
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/\sstyle="[^"]*"/g, '')
    .replaceAll('class="st0"', 'fill="#FFFFFF"');
  return { type: 'image/svg+xml', content: Buffer.from(svg) };
}

async function openApiPlugin(app: FastifyInstance, options: OpenApiOptions) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.productName} config service`,
        version: servicePackage.version,
        description: "Verifies Cognito ID tokens and answers each user's route and navigation manifest.",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Cognito ID token' },
        },
      },
    },
    refResolver: {
      // Named after the contract file rather than the default `def-N`, so a reader (and a client
      // generator) sees `user-manifest`, and the name does not shift when a schema is added.
      buildLocalReference(json, _baseUri, _fragment, i) {
        return typeof json.$id === 'string' ? componentName(json.$id) : `def-${i}`;
      },
    },
    transform: ({ schema, url }) => ({ schema: DOCUMENTED.test(url) ? problemMediaType(schema) : { ...schema, hide: true }, url }),
  });
  // The docs describe contracts, not data, so they are public like the schemas in the repository.
  const styleHashes = swaggerUiStyleHashes();
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    logo: logoWithoutInlineStyles(),
    // The common policy (helmet's), with just the UI's own inline styles allowed by hash.
    transformStaticCSP: (header) => withStyleSources(header, styleHashes),
  });
}

/** The OpenAPI description of `/api/v1` at `/api/docs/json` and its UI at `/api/docs`; register before the routes. */
export default fp(openApiPlugin, { name: 'openApi' });
