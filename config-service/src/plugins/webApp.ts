import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { PlatformError } from '../errors.ts';
import { serializeDirectives, withNonce, type Directives } from './contentSecurityPolicy.ts';
import { sendProblem } from './problem.ts';

export interface WebAppOptions {
  /** Folder of the built web app; unset or unbuilt: the API alone. */
  webRoot?: string | undefined;
  /** The policy the page is served under; a nonce is added per response. */
  directives: Directives;
}

/** Paths that are never screen addresses, so never answered with the app's page. */
const NOT_SCREENS = /^\/(api|idp|oauth2)(\/|$)/;

/**
 * The app's page with a nonce of its own. react-hot-toast's styles are written at run time into a
 * <style> element (goober), which a policy without 'unsafe-inline' blocks unless it carries the nonce
 * goober reads from window.__nonce__: a two-statement script with the same nonce sets it first.
 */
export function pageWithNonce(html: string, nonce: string): string {
  return html.replace('</head>', `<script nonce="${nonce}">window.__nonce__=${JSON.stringify(nonce)}</script></head>`);
}

async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  const webRoot = options.webRoot && existsSync(join(options.webRoot, 'index.html')) ? options.webRoot : undefined;
  if (webRoot) {
    // index.html only ever goes out with a nonce, through sendPage below.
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, allowedPath: (path) => path !== '/index.html' });
  } else if (options.webRoot) app.log.warn({ webRoot: options.webRoot }, 'web app is not built; run `npm run build`');

  const sendPage = async (reply: FastifyReply, root: string) => {
    const nonce = randomBytes(16).toString('base64');
    const html = await readFile(join(root, 'index.html'), 'utf8');
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', serializeDirectives(withNonce(options.directives, nonce)))
      .type('text/html; charset=utf-8')
      .send(pageWithNonce(html, nonce));
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // History mode: any other GET is a screen address, answered with the app's page.
    if (webRoot && request.method === 'GET' && !NOT_SCREENS.test(path)) return sendPage(reply, webRoot);
    return sendProblem(reply, request, new PlatformError('CFG_ERR_NOT_FOUND', `no route ${request.method} ${path}`));
  });
}

/** The built web app: its files, and its page at every screen address (history mode); a 404 problem elsewhere. */
export default fp(webAppPlugin, { name: 'webApp' });
