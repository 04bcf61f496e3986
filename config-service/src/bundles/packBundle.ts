import { existsSync, statSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { create } from 'tar';

/**
 * A module build's output folder as the gzipped tar the service takes: every entry under the folder
 * (a link stays a link, which the service refuses), without owners or times, so the same files pack
 * to the same bytes.
 */
export async function packBundle(dir: string): Promise<Buffer> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
  return buffer(create({ gzip: true, cwd: dir, portable: true, noMtime: true }, ['.']));
}
