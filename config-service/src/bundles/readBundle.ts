import { createHash } from 'node:crypto';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { isSdkRange } from '@platform/schemas/sdkRange';
import { PlatformError } from '../errors.ts';
import type { BundleFile } from '../store/bundleStore.ts';
import { ALLOWED_EXTENSIONS, contentTypeOf } from './bundleContentTypes.ts';

/** How much an upload may hold (decision 0056). A module's screens are a few hundred KB; these leave room for fonts and maps. */
export interface BundleLimits {
  /** The gzipped tar as sent. */
  compressedBytes: number;
  /** Every file's bytes together, once decompressed. */
  totalBytes: number;
  files: number;
  fileBytes: number;
  /** Characters of a file's path under the folder. */
  pathLength: number;
  /** Folders a file may sit in, counting the bundle's own as 0. */
  pathDepth: number;
}

export const BUNDLE_LIMITS: BundleLimits = {
  compressedBytes: 10 * 1024 * 1024,
  totalBytes: 25 * 1024 * 1024,
  files: 500,
  fileBytes: 8 * 1024 * 1024,
  pathLength: 200,
  pathDepth: 8,
};

/** The entry module the shell imports, and the file that says which SDK the bundle was built for. */
export const ENTRY = 'index.js';
const DECLARATION = 'bundle.json';

export interface ReadBundle {
  files: BundleFile[];
  /** The SDK range bundle.json declares. */
  sdk: string;
  /** sha384 over every path and file digest, in path order: the same files, the same digest. */
  digest: string;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
/** What a tar header takes beyond the files' bytes: a header block, padding, and a long name's extra header. */
const TAR_OVERHEAD_PER_ENTRY = 3 * 512;

const invalid = (file: string, why: string) => new PlatformError('CFG_ERR_BUNDLE_INVALID', `${file}: ${why}; nothing was stored`, { extensions: { file } });
const tooLarge = (file: string, why: string) => new PlatformError('CFG_ERR_BUNDLE_TOO_LARGE', `${file}: ${why}; nothing was stored`, { extensions: { file } });

/** A path under the bundle's folder, as stored and served; refused when it leaves the folder or names oddly. */
function bundlePath(raw: string, limits: BundleLimits): string {
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw) || raw.includes('\\')) throw invalid(raw, 'an absolute path leaves the bundle folder');
  const segments = raw.replace(/^(\.\/)+/, '').split('/');
  if (segments.includes('..')) throw invalid(raw, 'a path with .. leaves the bundle folder');
  if (segments.at(-1) === '') segments.pop();
  const path = segments.join('/');
  if (!segments.every((s) => SEGMENT.test(s))) throw invalid(raw, 'path segments use only A-Z a-z 0-9 . _ - and do not start with a dot');
  if (path.length > limits.pathLength) throw invalid(raw, `paths are at most ${limits.pathLength} characters`);
  if (segments.length - 1 > limits.pathDepth) throw invalid(raw, `files sit at most ${limits.pathDepth} folders deep`);
  return path;
}

const integrityOf = (content: Buffer) => `sha384-${createHash('sha384').update(content).digest('base64')}`;

/** The SDK range bundle.json declares, or the problem with it. */
function declaredSdk(file: BundleFile | undefined): string {
  if (!file) throw invalid(DECLARATION, `a bundle declares the SDK range it was built for in ${DECLARATION} beside ${ENTRY}, as {"sdk": "^1.0.0"}`);
  let sdk: unknown;
  try {
    sdk = (JSON.parse(file.content.toString('utf8')) as { sdk?: unknown } | null)?.sdk;
  } catch {
    throw invalid(DECLARATION, 'not JSON');
  }
  if (!isSdkRange(sdk)) throw invalid(DECLARATION, '"sdk" must be a semver range such as "^1.0.0"');
  return sdk;
}

/**
 * Reads a module bundle from a gzipped tar, decompressing and parsing as it goes: what the limits allow
 * is all that is ever held, so a small upload that expands to gigabytes is refused after the first
 * few megabytes. Only plain files and folders are taken; a link, a device, a path that leaves the folder
 * or a file type bundles may not hold refuses the whole upload (422, or 413 past a limit), naming the file.
 */
export function readBundle(gzipped: Buffer, limits: BundleLimits = BUNDLE_LIMITS): Promise<ReadBundle> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, BundleFile>();
    let declared = 0;
    let decompressed = 0;
    let failed = false;
    const streamLimit = limits.totalBytes + (limits.files + 64) * TAR_OVERHEAD_PER_ENTRY;
    const gunzip = createGunzip();
    // Decompressed here, not by the parser: so that its output is counted, and a gzip inside is never opened.
    const parser = new Parser({ strict: true, brotli: false, zstd: false, maxMetaEntrySize: 64 * 1024 });

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      gunzip.destroy();
      parser.abort(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };

    const onEntry = (entry: ReadEntry) => {
      if (failed) return entry.resume();
      const raw = entry.path;
      try {
        if (entry.type === 'Directory') {
          // A folder holds nothing itself, but one that leaves the bundle says the archive is hostile.
          bundlePath(raw, limits);
          entry.resume();
          return;
        }
        if (entry.type === 'SymbolicLink' || entry.type === 'Link')
          throw invalid(raw, `a link (to ${entry.linkpath ?? 'somewhere'}); bundles hold plain files only`);
        if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile')
          throw invalid(raw, `a ${entry.type} entry; bundles hold plain files only`);
        const path = bundlePath(raw, limits);
        const contentType = contentTypeOf(path);
        if (!contentType) throw invalid(raw, `a file type bundles may not hold (allowed: ${ALLOWED_EXTENSIONS.join(', ')})`);
        if (files.has(path)) throw invalid(raw, 'the same path twice');
        if (files.size + 1 > limits.files) throw tooLarge(raw, `a bundle holds at most ${limits.files} files`);
        if (entry.size > limits.fileBytes) throw tooLarge(raw, `a file is at most ${limits.fileBytes} bytes`);
        declared += entry.size;
        if (declared > limits.totalBytes) throw tooLarge(raw, `a bundle's files hold at most ${limits.totalBytes} bytes together`);
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          const content = Buffer.concat(chunks);
          files.set(path, { path, content, contentType, integrity: integrityOf(content) });
        });
      } catch (error) {
        entry.resume();
        fail(error);
      }
    };

    parser.on('entry', onEntry);
    // What follows the end-of-archive blocks is nothing of the bundle's: the parser would keep it all
    // (copying its buffer on every chunk), so the rest is neither decompressed nor read.
    let ended = false;
    parser.on('eof', () => {
      if (ended || failed) return;
      ended = true;
      gunzip.destroy();
      parser.end();
    });
    parser.on('error', (error: Error) => fail(invalid('the upload', `not a tar archive (${error.message})`)));
    parser.on('end', () => {
      if (failed) return;
      try {
        if (!files.has(ENTRY)) throw invalid(ENTRY, `a bundle has ${ENTRY} at its root, the module the shell imports`);
        const sdk = declaredSdk(files.get(DECLARATION));
        const list = [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
        const digest = createHash('sha384');
        for (const file of list) digest.update(`${file.path}\0${file.integrity}\n`);
        resolve({ files: list, sdk, digest: `sha384-${digest.digest('base64')}` });
      } catch (error) {
        fail(error);
      }
    });

    let first = true;
    gunzip.on('data', (chunk: Buffer) => {
      if (failed || ended) return;
      // The parser would open a gzip inside the gzip by itself, past this count.
      if (first && chunk[0] === 0x1f && chunk[1] === 0x8b) return fail(invalid('the upload', 'a gzip inside the gzip, not a tar archive'));
      first = false;
      decompressed += chunk.length;
      if (decompressed > streamLimit) return fail(tooLarge('the upload', `it expands past ${limits.totalBytes} bytes of files`));
      parser.write(chunk);
    });
    gunzip.on('error', (error) => fail(invalid('the upload', `not gzip (${error.message})`)));
    gunzip.on('end', () => {
      if (!failed && !ended) parser.end();
    });
    gunzip.end(gzipped);
  });
}
