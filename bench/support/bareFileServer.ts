// The references a bundle file is compared with (bench/bundleFile.bench.ts): Fastify, no logger,
// answering one file's bytes read once at start at /file. COMPRESS=per-request compresses them again
// on every request that takes br, as @fastify/compress did for the service before issue 34 (Brotli
// quality 4, text mode, in zlib's thread pool); otherwise the bytes go out as they are.
// Run as its own process: `node --import tsx bench/support/bareFileServer.ts` with PORT, FILE, COMPRESS.
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import Fastify from 'fastify';

const brotli = promisify(brotliCompress);
const body = readFileSync(process.env.FILE!);
const perRequest = process.env.COMPRESS === 'per-request';
const app = Fastify();
app.get('/file', async (request, reply) => {
  reply.type('text/javascript; charset=utf-8');
  if (!perRequest || !/\bbr\b/.test(String(request.headers['accept-encoding']))) return reply.send(body);
  const params = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
  return reply.header('Content-Encoding', 'br').send(await brotli(body, { params }));
});
app.get('/ready', () => 'ready');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
