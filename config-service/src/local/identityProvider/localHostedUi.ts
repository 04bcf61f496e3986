import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type PoolAccount, singleSignOnRefusal } from './singleSignOnRefusal.ts';

export interface LocalHostedUiOptions {
  /** Where cognito-local listens. */
  upstream: string;
  /** The local pool, whose accounts the hosted UI reads (AdminGetUser) before it lets one through. */
  userPoolId: string;
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
 * the code and token exchanges, with PKCE, are cognito-local's. cognito-local checks only the password, so
 * each account is held to what a password sign-in enforces before the browser gets a code or any token
 * (singleSignOnRefusal, decision 0066): disabled, owing a new password, or with a second factor, it is refused.
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

  function signInPage(reply: FastifyReply, request: AuthorizeRequest, error?: string, username = '', status = 200) {
    const hidden = FIELDS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name])}">`).join('');
    return page(
      reply,
      status,
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

  /** The account the pool holds under a name (email or sub), read past the adapter as the service's own callers do. */
  async function account(username: unknown): Promise<PoolAccount | undefined> {
    if (typeof username !== 'string' || username === '') return undefined;
    const answer = await fetch(options.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser' },
      body: JSON.stringify({ UserPoolId: options.userPoolId, Username: username }),
    });
    return answer.ok ? ((await answer.json()) as PoolAccount) : undefined;
  }

  /** The subject of the ID token in the emulator's token answer; undefined when there is none to read. */
  function subjectOf(tokens: string): unknown {
    try {
      const idToken = (JSON.parse(tokens) as { id_token?: unknown }).id_token;
      return typeof idToken === 'string'
        ? (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown }).sub
        : undefined;
    } catch {
      return undefined;
    }
  }

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
      // The password was right; now what sign-in enforces, said on the page (the code is never handed out).
      const refused = singleSignOnRefusal(await account(form.username), 'sign-in');
      if (refused) return signInPage(reply, pick(form), refused, form.username ?? '', 403);
      return reply.header('Cache-Control', 'no-store').redirect(location, 302);
    }
    // The emulator answers a wrong password with its own page again; ours says it instead.
    if (upstream.ok) return signInPage(reply, pick(form), 'Incorrect email or password.', form.username ?? '');
    return errorPage(reply, 'The identity provider refused the request.');
  });

  app.post('/oauth2/token', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const upstream = await fetch(`${options.upstream}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: raw,
    });
    const text = await upstream.text();
    reply.header('Cache-Control', 'no-store');
    if (upstream.ok) {
      // The emulator's tokens are held back unless the account may have them now: an account disabled since it
      // signed in gets no refreshed token, as a pool's refresh grant refuses it.
      const step = new URLSearchParams(raw).get('grant_type') === 'refresh_token' ? 'refresh' : 'sign-in';
      const refused = singleSignOnRefusal(await account(subjectOf(text)), step);
      if (refused) return reply.code(400).send({ error: 'invalid_grant', error_description: refused });
    }
    return reply
      .code(upstream.status)
      .type(upstream.headers.get('content-type') ?? 'application/json')
      .send(text);
  });
}
