import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { MIN_COMPRESSED_BYTES } from '../plugins/compressedBodies.ts';
import type { BundleFile } from '../store/bundleStore.ts';

const brotli = promisify(brotliCompress);
const deflate = promisify(gzip);

/** Types whose bytes are already compressed (images, woff/woff2): compressing them again costs time and saves nothing. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml|image\/x-icon|font\/(ttf|otf))/;

/**
 * The files with their br and gzip forms beside them, made once at upload so that no request
 * compresses anything (issue 34): in zlib's thread pool, never on the event loop, one file at a time
 * so that an upload holds one of the pool's threads, not all of them. Brotli quality 5 and gzip level
 * 6: on a 6 MB script, quality 9 and level 9 came out no smaller (br) or 4% smaller (gzip) at three
 * and ten times the time (2.5 s each against 0.9 s and 0.3 s), time the upload holds a pool thread for.
 * A form that does not come out smaller, or a file under MIN_COMPRESSED_BYTES, is not kept: that file
 * goes out as it is.
 */
export async function compressBundleFiles(files: readonly BundleFile[]): Promise<BundleFile[]> {
  const compressed: BundleFile[] = [];
  for (const file of files) {
    if (file.content.length < MIN_COMPRESSED_BYTES || !COMPRESSIBLE.test(file.contentType)) {
      compressed.push(file);
      continue;
    }
    const br = await brotli(file.content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: file.contentType.startsWith('font/') ? constants.BROTLI_MODE_FONT : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: file.content.length,
      },
    });
    const gz = await deflate(file.content, { level: 6 });
    compressed.push({
      ...file,
      ...(br.length < file.content.length ? { br } : {}),
      ...(gz.length < file.content.length ? { gzip: gz } : {}),
    });
  }
  return compressed;
}
