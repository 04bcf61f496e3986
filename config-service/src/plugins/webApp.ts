import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { reservedPrefixOf } from '@platform/schemas';
import { PageImportMap, readSharedImportMap, SHARED_IMPORT_MAP } from '../bundles/importMap.ts';
import { PlatformError } from '../errors.ts';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import { serializeDirectives, withNonce, type Directives } from './contentSecurityPolicy.ts';
import { sendProblem } from './problem.ts';

export interface WebAppOptions {
  /** Folder of the built web app; unset or unbuilt: the API alone. */
  webRoot?: string | undefined;
  /** The policy the page is served under; a nonce is added per response. */
  directives: Directives;
  /** The sets served now, whose bundles the page's import map names; unset: none (the shell's shared imports only). */
  servedSets?: () => readonly ManifestSet[];
}

/**
 * Whether a path is never a screen address, so never answered with the app's page: the reserved
 * prefixes (API, identity, and the built files: a script missing after a deploy must be a 404, not a
 * page the browser then refuses as a script), and the icon browsers ask for on every visit.
 */
const notScreen = (path: string) => path === '/favicon.ico' || reservedPrefixOf(path) !== undefined;

/**
 * The app's page with a nonce of its own. react-hot-toast's styles are written at run time into a
 * <style> element (goober), which a policy without 'unsafe-inline' blocks unless it carries the nonce
 * goober reads from window.__nonce__: a two-statement script with the same nonce sets it first.
 */
function pageWithNonce(html: string, nonce: string, importMap: string | undefined): string {
  const page = html.replace('</head>', `<script nonce="${nonce}">window.__nonce__=${JSON.stringify(nonce)}</script></head>`);
  if (!importMap) return page;
  // Before the first module script or preload: a browser resolves bare names with the map it has when a module starts loading.
  const headEnd = page.indexOf('</head>');
  const head = headEnd < 0 ? page : page.slice(0, headEnd);
  const first = head.search(/<script\b[^>]*\btype=["']?module\b|<link\b[^>]*\brel=["']?modulepreload\b/i);
  const at = first >= 0 ? first : head.length;
  return `${page.slice(0, at)}<script type="importmap" nonce="${nonce}">${importMap}</script>${page.slice(at)}`;
}

/** The build names the files under assets/ after a hash of their content: a new build, new names. */
const HASHED = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9.]+$/;

/**
 * How long a browser may keep a file of the built app, by its path under the web root: a file whose
 * name carries its content's hash never changes, so for a year without asking again; anything else
 * (a favicon, robots.txt) is checked on every use, so a deploy is seen at once.
 */
export function cacheControlFor(path: string): string {
  return HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  const webRoot = options.webRoot && existsSync(join(options.webRoot, 'index.html')) ? options.webRoot : undefined;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // index.html only ever goes out with a nonce, through sendPage below.
      allowedPath: (path) => path !== '/index.html',
      // The build writes .br and .gz beside each script and style sheet (web/precompress.ts): sent
      // as they are to a browser that takes them, the identity file otherwise; nothing compressed
      // per request on the service's CPU.
      preCompressed: true,
      // Set below, per file: send's one max-age for all files cannot tell hashed names from others.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', cacheControlFor(`/${relative(webRoot, path).split(sep).join('/')}`));
        // Whether the answer was compressed depends on Accept-Encoding: a shared cache must know.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  } else if (options.webRoot) app.log.warn({ webRoot: options.webRoot }, 'web app is not built; run `npm run build`');

  const importMap = new PageImportMap(
    readSharedImportMap(webRoot, (error) => app.log.warn({ err: error }, `web app: ${SHARED_IMPORT_MAP} is not JSON; the page maps no shared imports`)),
    options.servedSets ?? (() => []),
  );

  const sendPage = async (reply: FastifyReply, root: string) => {
    const nonce = randomBytes(16).toString('base64');
    const html = await readFile(join(root, 'index.html'), 'utf8');
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', serializeDirectives(withNonce(options.directives, nonce)))
      .type('text/html; charset=utf-8')
      .send(pageWithNonce(html, nonce, importMap.text()));
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // History mode: any other GET is a screen address, answered with the app's page.
    if (webRoot && request.method === 'GET' && !notScreen(path)) return sendPage(reply, webRoot);
    // Not kept by a cache in front (a CDN): what is missing now (a bundle file under /modules) may be there a moment later.
    reply.header('Cache-Control', 'no-store');
    return sendProblem(reply, request, new PlatformError('CFG_ERR_NOT_FOUND', `no route ${request.method} ${path}`));
  });
}

/** The built web app: its files, and its page at every screen address (history mode); a 404 problem elsewhere. */
export default fp(webAppPlugin, { name: 'webApp' });
