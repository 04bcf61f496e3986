// How `npm run modules:publish --oidc-token-env NAME` signs in from CI (issue 38): the CI's own OpenID
// Connect token, read from the variable NAME, is exchanged for a short-lived publish token that may
// publish the registered publisher's modules only. No password or staff token is stored in CI.
import type { PublishToken } from '@platform/schemas';
import { request, ServiceAnswerError } from './releasesClient.ts';
import { SignInError } from './signIn.ts';

/** The claims a CI's token carries that a publisher is registered by, read without checking the signature: for the message only. */
function registeredBy(token: string): string {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '(none)');
    return `the token says issuer ${show(payload.iss)}, audience ${show(payload.aud)}, subject ${show(payload.sub)}`;
  } catch {
    return 'the token is not a JWT (three base64url parts)';
  }
}

/**
 * The OIDC token in the variable `name` of `env`. Missing or empty is an error naming the variable:
 * in CI that means the job was not allowed to ask for one (GitHub's `permissions: id-token: write`,
 * GitLab's `id_tokens:`), and a silent fall-back to another sign-in would hide it.
 */
export function oidcTokenFrom(name: string, env: NodeJS.ProcessEnv): string {
  const token = env[name]?.trim();
  if (!token)
    throw new SignInError(
      `--oidc-token-env ${name}: the variable ${name} is ${env[name] === undefined ? 'not set' : 'empty'}: it should hold the CI's OpenID Connect token ` +
        '(GitHub Actions: permissions id-token: write and the token requested for the publisher\'s audience; GitLab: id_tokens with aud; docs/modules.md, "Publish from CI")',
    );
  return token;
}

/**
 * Exchanges a CI's OIDC token at the service for a publish token. A refusal says the service's
 * detail and what the token claims, so that the job's log shows which of issuer, audience and
 * subject does not match a registered publisher.
 */
export async function exchangeOidcToken(base: string, oidcToken: string, variable: string): Promise<PublishToken> {
  try {
    const response = await request(new URL('/api/v1/publish-tokens', base).href, 'exchanging the OIDC token', { method: 'POST', token: oidcToken }, [201]);
    return (await response.json()) as PublishToken;
  } catch (error) {
    if (!(error instanceof ServiceAnswerError) || (error.status !== 401 && error.status !== 403)) throw error;
    throw new SignInError(`the service refused the OIDC token in ${variable}: ${error.message.replace(/^[^:]*: /, '')}; ${registeredBy(oidcToken)}`, {
      cause: error,
    });
  }
}
