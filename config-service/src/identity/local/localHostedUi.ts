import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface LocalHostedUiOptions {
  /** Where cognito-local listens. */
  upstream: string;
  /** The web app's client, the only one this hosted UI serves. */
  clientId: string;
  /** Addresses the browser may be sent back to with a code. */
  callbackUrls: readonly string[];
  productName: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:#1f2933;color:#1f2933}
main{background:#fff;border-radius:12px;padding:2rem 2.25rem;width:min(22rem,90vw);box-shadow:0 12px 40px rgb(0 0 0/.35)}
h1{font-size:1.35rem;margin:0 0 .25rem}p{margin:0 0 1rem;color:#52606d}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem .7rem;border:1px solid #9aa5b1;border-radius:6px;font:inherit}
button{margin-top:1.25rem;width:100%;padding:.65rem;border:0;border-radius:6px;background:#3e4c59;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.error{color:#b42318;font-weight:600}`;

// The page runs no script, allows its one inline stylesheet by hash (not 'unsafe-inline', so an injected
// style element would not apply), and may post only to this origin.
const PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** The fields of an authorize request that travel from the query to the form and back. */
interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  code_challenge: string;
  code_challenge_method: string;
  scope: string;
  state: string;
}
const FIELDS = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'scope', 'state'] as const;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('Content-Security-Policy', PAGE_POLICY)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}

/**
 * The hosted UI of the local identity provider, under this origin at /oauth2: it stands in for a
 * customer's corporate identity provider in single sign-on. The sign-in page is ours (cognito-local's
 * own page puts the query into its HTML unescaped, which under our origin would be an injection);
 * the code and token exchanges, with PKCE, are cognito-local's.
 */
export default async function localHostedUi(app: FastifyInstance, options: LocalHostedUiOptions) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));

  /** Why a request cannot go on, or undefined when it can. */
  function refusal(request: Partial<Record<(typeof FIELDS)[number], unknown>>): string | undefined {
    if (request.client_id !== options.clientId) return 'The application is not known to this identity provider.';
    if (typeof request.redirect_uri !== 'string' || !options.callbackUrls.includes(request.redirect_uri))
      return 'The return address is not registered for this application.';
    if (request.response_type !== 'code') return 'Only the authorization code flow is offered.';
    if (typeof request.code_challenge !== 'string' || !/^[A-Za-z0-9_-]{43,128}$/.test(request.code_challenge)) return 'A PKCE code challenge is required.';
    if (request.code_challenge_method !== 'S256') return 'The PKCE method must be S256.';
    if (typeof request.scope !== 'string' || !request.scope.split(' ').includes('openid')) return 'The openid scope is required.';
    return undefined;
  }

  function signInPage(reply: FastifyReply, request: AuthorizeRequest, error?: string, username = '') {
    const hidden = FIELDS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name])}">`).join('');
    return page(
      reply,
      200,
      `Sign in · Local single sign-on`,
      `<h1>Local single sign-on</h1><p>Your organisation's sign-in, played by the local identity provider, for ${escapeHtml(options.productName)}.</p>
<form method="post" action="/oauth2/authorize">${hidden}
<label for="username">Email</label><input id="username" name="username" type="email" autocomplete="username" required value="${escapeHtml(username)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<button type="submit">Sign in</button></form>`,
    );
  }

  const errorPage = (reply: FastifyReply, message: string) =>
    page(reply, 400, 'Single sign-on cannot start', `<h1>Single sign-on cannot start</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);

  const pick = (source: Record<string, unknown>) =>
    Object.fromEntries(FIELDS.map((name) => [name, typeof source[name] === 'string' ? source[name] : ''])) as unknown as AuthorizeRequest;

  app.get<{ Querystring: Record<string, unknown> }>('/oauth2/authorize', async (request, reply) => {
    const reason = refusal(request.query);
    if (reason) return errorPage(reply, reason);
    return signInPage(reply, pick(request.query));
  });

  app.post('/oauth2/authorize', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const form = Object.fromEntries(new URLSearchParams(raw));
    const reason = refusal(form);
    if (reason) return errorPage(reply, reason);
    const upstream = await fetch(`${options.upstream}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: raw,
      redirect: 'manual',
    });
    const location = upstream.headers.get('location');
    if (upstream.status === 302 && location && options.callbackUrls.some((url) => location.startsWith(`${url}?`))) {
      return reply.header('Cache-Control', 'no-store').redirect(location, 302);
    }
    // The emulator answers a wrong password with its own page again; ours says it instead.
    if (upstream.ok) return signInPage(reply, pick(form), 'Incorrect email or password.', form.username ?? '');
    return errorPage(reply, 'The identity provider refused the request.');
  });

  app.post('/oauth2/token', async (request, reply) => {
    const upstream = await fetch(`${options.upstream}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: typeof request.body === 'string' ? request.body : '',
    });
    return reply
      .code(upstream.status)
      .header('Cache-Control', 'no-store')
      .type(upstream.headers.get('content-type') ?? 'application/json')
      .send(await upstream.text());
  });
}
