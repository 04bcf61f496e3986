// A real cognito-local behind the service's adapter and hosted UI, for tests that talk to the local identity
// provider as the browser does (through /idp and /oauth2) and read what it "sends" from its log, as a developer does.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { expect } from 'vitest';
import localHostedUi from '../local/identityProvider/localHostedUi.ts';
import localIdpRoutes from '../local/identityProvider/localIdpRoutes.ts';
import { callbackUrls } from '../local/identityProvider/seedLocalPool.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from '../local/identityProvider/startLocalIdentityProvider.ts';
import { freePort } from './freePort.ts';

/** What a call through the adapter answered: status, Cognito's error type, and the JSON body. */
export interface AdapterAnswer {
  status: number;
  type: string | null;
  body: Record<string, unknown>;
}

/** How a single sign-on through the hosted UI ended: the page shown when no code came back, else the token answer. */
export interface SingleSignOn {
  /** The sign-in page's status and text when it sent the browser nowhere. */
  page?: { status: number; text: string };
  /** The code the browser was sent back with, and what exchanging it (with the PKCE verifier) answered. */
  code?: string;
  tokens?: { status: number; body: Record<string, unknown> };
}

export interface LocalIdpBehindAdapter {
  idp: LocalIdentityProvider;
  /** Where the adapter listens: `${base}/idp` for calls, and cognito-local's token trigger. */
  base: string;
  /** A call through the adapter with any target and body, as a browser (or an attacker) makes it. */
  call(target: string, body: object): Promise<AdapterAnswer>;
  /**
   * Single sign-on as the web app makes it: the hosted UI's form posted with the code flow and PKCE, and the code
   * exchanged at once unless `exchange` is false (then `exchangeCode` does it later).
   */
  singleSignOn(email: string, password: string, exchange?: boolean): Promise<SingleSignOn & { exchangeCode: () => Promise<SingleSignOn['tokens']> }>;
  /** A grant posted to the hosted UI's token endpoint, as a client sends it. */
  token(form: Record<string, string>): Promise<NonNullable<SingleSignOn['tokens']>>;
  /** How far the log is written now: what is "sent" after it is read from there on. */
  mark(): number;
  /** The newest code (or temporary password) the log shows sent to `destination` after `since`. */
  loggedFor(destination: string, since: number): Promise<string>;
  close(): Promise<void>;
}

/** Starts cognito-local with its data in a folder of its own, and the adapter where it calls the token trigger, as the service does. */
export async function startLocalIdpBehindAdapter(name: string): Promise<LocalIdpBehindAdapter> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  // The adapter's port is held from the start: the emulator must know it (its token trigger calls
  // it), and a port freed while the emulator starts (seconds) was taken by another test's server.
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = await startLocalIdentityProvider({ dataDir, port: await freePort(), lambdaEndpoint: `${base}/idp/lambda`, webOrigins: [base] });
  const adapter = Fastify({
    serverFactory: (handler) => {
      server.on('request', handler);
      return server;
    },
  });
  await adapter.register(localIdpRoutes, { upstream: idp.upstream, userPoolId: idp.userPoolId, clientId: idp.clientId });
  const [callback = ''] = callbackUrls([base]);
  await adapter.register(localHostedUi, {
    upstream: idp.upstream,
    userPoolId: idp.userPoolId,
    clientId: idp.clientId,
    callbackUrls: [callback],
    productName: 'AssetTwin',
  });
  await adapter.ready();

  const token = async (form: Record<string, string>) => {
    const answer = await fetch(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };

  const newest = (destination: string, since: number) =>
    [...stripVTControlCharacters(readFileSync(idp.logFile).subarray(since).toString('utf8')).matchAll(/Destination:\s+(\S+)[\s\S]*?Code:\s+(\S+)/g)]
      .filter((m) => m[1] === destination)
      .at(-1)?.[2] ?? '';
  return {
    idp,
    base,
    async call(target, body) {
      const answer = await fetch(`${base}/idp`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
        body: JSON.stringify(body),
      });
      return { status: answer.status, type: answer.headers.get('x-amzn-errortype'), body: (await answer.json()) as Record<string, unknown> };
    },
    token,
    async singleSignOn(email, password, exchange = true) {
      const verifier = randomBytes(32).toString('base64url');
      const answer = await fetch(`${base}/oauth2/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: idp.clientId,
          redirect_uri: callback,
          response_type: 'code',
          code_challenge: createHash('sha256').update(verifier).digest('base64url'),
          code_challenge_method: 'S256',
          scope: 'openid',
          state: 'state-of-the-test',
          username: email,
          password,
        }).toString(),
        redirect: 'manual',
      });
      const location = answer.headers.get('location');
      const code = location ? (new URL(location).searchParams.get('code') ?? undefined) : undefined;
      const exchangeCode = async () =>
        code ? token({ grant_type: 'authorization_code', code, redirect_uri: callback, client_id: idp.clientId, code_verifier: verifier }) : undefined;
      if (!code) return { page: { status: answer.status, text: await answer.text() }, exchangeCode };
      return { code, tokens: exchange ? await exchangeCode() : undefined, exchangeCode };
    },
    mark: () => statSync(idp.logFile).size,
    async loggedFor(destination, since) {
      await expect.poll(() => newest(destination, since), { timeout: 5_000, interval: 50, message: `a code sent to ${destination}` }).not.toBe('');
      return newest(destination, since);
    },
    async close() {
      await adapter.close();
      await new Promise((resolve) => server.close(resolve));
      await idp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
