import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a browser fetches as text and the service sends as a file: worth compressing once, here. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/** A file's compressed copies, each only when it is smaller than the file itself. */
export async function compressedCopies(content: Buffer): Promise<{ br?: Buffer; gz?: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { ...(br.length < content.length ? { br } : {}), ...(gz.length < content.length ? { gz } : {}) };
}

/**
 * Writes `name.br` and `name.gz` beside every script, style sheet and image of the build, at the
 * strongest settings: the service sends them as they are (@fastify/static's preCompressed), so the
 * cost is paid once per build instead of on the service's CPU per request.
 */
export function precompress(): Plugin {
  return {
    name: 'platform:precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      const dir = output.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle)
          .filter((file) => COMPRESSIBLE.test(file.fileName))
          .map(async (file) => {
            const content = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            const copies = await compressedCopies(content);
            await Promise.all(Object.entries(copies).map(([ext, data]) => writeFile(join(dir, `${file.fileName}.${ext}`), data)));
          }),
      );
    },
  };
}
