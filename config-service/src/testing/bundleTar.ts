// Test support: gzipped tars written header by header, so a test can send what no honest tool writes
// (a path with .., an absolute path, links, devices) as well as ordinary bundles.
import { gzipSync } from 'node:zlib';
import { Header, type HeaderData } from 'tar';

export interface TarEntry {
  path: string;
  content?: string | Buffer;
  type?: HeaderData['type'];
  linkpath?: string;
}

/** The entries as an uncompressed tar. */
export function tarOf(entries: readonly TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = typeof entry.content === 'string' ? Buffer.from(entry.content) : (entry.content ?? Buffer.alloc(0));
    const block = Buffer.alloc(512);
    new Header({
      path: entry.path,
      type: entry.type ?? 'File',
      size: entry.type && entry.type !== 'File' ? 0 : body.length,
      mode: 0o644,
      uid: 0,
      gid: 0,
      mtime: new Date(0),
      ...(entry.linkpath ? { linkpath: entry.linkpath } : {}),
    }).encode(block, 0);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** The entries as a gzipped tar, as an upload sends them. */
export const gzippedTar = (entries: readonly TarEntry[]): Buffer => gzipSync(tarOf(entries));

/** A bundle whose screens export `marker`: index.js, bundle.json for SDK ^1.0.0, and a chunk it imports. */
export function bundleEntries(marker = 'one', sdk = '^1.0.0'): TarEntry[] {
  return [
    { path: 'index.js', content: `import { label } from './chunks/label.js';\nexport const screens = { marker: ${JSON.stringify(marker)}, label };\n` },
    { path: 'bundle.json', content: JSON.stringify({ sdk }) },
    { path: 'chunks/label.js', content: `export const label = ${JSON.stringify(`label ${marker}`)};\n` },
  ];
}
