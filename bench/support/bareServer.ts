// The references the manifest endpoint is compared with: Fastify answering prepared JSON bodies of the
// same bytes (encoded once, at start) without any work (and 304 when If-None-Match names their tag). LOGGER=json (or pretty)
// gives it the service's own logger options and access line; LOGGER=off gives it none: the physical
// limit of a Fastify route on this machine. Run as its own process:
// `node --import tsx bench/support/bareServer.ts` with PORT, LOGGER and BODIES (a JSON file of
// { "/path": { "body": "...", "etag": "\"...\"" } }).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { loggerOptions, requestIdOptions } from '../../config-service/src/logging/loggerOptions.ts';

const bodies = JSON.parse(readFileSync(process.env.BODIES!, 'utf8')) as Record<string, { body: string; etag: string }>;
const logger = process.env.LOGGER ?? 'json';
const app = Fastify(
  logger === 'off' ? {} : { logger: loggerOptions({ level: process.env.LOG_LEVEL ?? 'info', pretty: logger === 'pretty' }), ...requestIdOptions },
);
for (const [path, { body: text, etag }] of Object.entries(bodies)) {
  // Encoded once, as the service keeps its prepared manifests: nothing is done per request.
  const body = Buffer.from(text);
  app.get(path, (request, reply) => {
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
// A POST whose JSON body is parsed and answered 202 with nothing: the limit of the screen report endpoint.
app.post('/bare/report', (_request, reply) => reply.code(202).send());
app.get('/ready', () => 'ready');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
