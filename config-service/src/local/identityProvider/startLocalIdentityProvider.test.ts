import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CognitoIdentityProviderClient, DescribeUserPoolClientCommand, UpdateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { freePort } from '../../testing/freePort.ts';
import { checkWriteRights } from '../../identity/appClientWriteRights.ts';
import { DEMO_ACCOUNTS } from '../demoData/demoAccounts.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from './startLocalIdentityProvider.ts';

let dataDir: string;
let idp: LocalIdentityProvider;

/** What the service's own environment may hold, none of which the emulator may see. */
const SECRETS = {
  DATABASE_URL: 'postgres://platform:db-secret-3141@db:5432/platform',
  ARTIFACT_SIGNING_KEY: 'c2lnbmluZy1zZWNyZXQtMjcxOC1zaWduaW5nLXNlY3JldA==',
  METRICS_TOKEN: 'metrics-secret-1618033',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-1414213',
};
const before = Object.fromEntries(Object.keys(SECRETS).map((name) => [name, process.env[name]]));

beforeAll(async () => {
  Object.assign(process.env, SECRETS);
  dataDir = mkdtempSync(join(tmpdir(), 'local-idp-'));
  idp = await startLocalIdentityProvider({
    dataDir,
    port: await freePort(),
    // Nothing answers there: a password reset sends its code without calling the token trigger.
    lambdaEndpoint: `http://127.0.0.1:${await freePort()}`,
    webOrigins: ['http://localhost:8080'],
  });
});
afterAll(async () => {
  for (const [name, value] of Object.entries(before)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await idp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function forgotPassword(email: string): Promise<number> {
  const answer = await fetch(idp.upstream, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
    body: JSON.stringify({ ClientId: idp.clientId, Username: email }),
  });
  await answer.body?.cancel();
  return answer.status;
}

// Read as tests/support/mailbox.ts and a developer read it: the log file, colours stripped.
function codeLoggedSince(mark: number, email: string): string {
  const text = stripVTControlCharacters(readFileSync(idp.logFile).subarray(mark).toString('utf8'));
  return [...text.matchAll(/Destination:\s+(\S+)[\s\S]*?Code:\s+(\d+)/g)].find((m) => m[1] === email)?.[2] ?? '';
}

describe('local identity provider', () => {
  // The code box is drawn with multi-byte characters; a log writer that counts them wrongly holds
  // each later code back until other log lines push it out (seconds, or until the next request).
  it('logs every reset code at once, however many codes came before', async () => {
    const emails = [...DEMO_ACCOUNTS, ...DEMO_ACCOUNTS].map((account) => account.email);
    for (const [sent, email] of emails.entries()) {
      const mark = statSync(idp.logFile).size;
      expect(await forgotPassword(email)).toBe(200);
      const message = `code ${sent + 1} of ${emails.length}, to ${email}`;
      await expect.poll(() => codeLoggedSince(mark, email), { timeout: 2_000, interval: 50, message }).toMatch(/^\d{6}$/);
    }
  });

  it("gives the web app's client a list of write attributes without custom:auth, which the readiness check reads", async () => {
    const cognito = new CognitoIdentityProviderClient({
      endpoint: idp.upstream,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const ids = { UserPoolId: idp.userPoolId, ClientId: idp.clientId };
    const written = async () => (await cognito.send(new DescribeUserPoolClientCommand(ids))).UserPoolClient?.WriteAttributes;
    expect(await written()).toEqual(['email', 'given_name', 'family_name']);
    expect(await checkWriteRights({ client: cognito, userPoolId: idp.userPoolId, clientId: idp.clientId })).toBe('ready');
    // And the check tells a client that lets users write custom:auth from one that does not.
    await cognito.send(new UpdateUserPoolClientCommand({ ...ids, WriteAttributes: ['email', 'custom:auth'] }));
    expect(await checkWriteRights({ client: cognito, userPoolId: idp.userPoolId, clientId: idp.clientId })).toBe('writes custom:auth');
    await cognito.send(new UpdateUserPoolClientCommand({ ...ids, WriteAttributes: ['email', 'given_name', 'family_name'] }));
    cognito.destroy();
  });

  it("starts with an environment of its own, holding none of the service's secrets", () => {
    const environ = readFileSync(`/proc/${idp.pid}/environ`, 'utf8');
    for (const secret of Object.values(SECRETS)) expect(environ).not.toContain(secret);
    const names = environ
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.slice(0, entry.indexOf('=')));
    // Node adds NODE_CHANNEL_* for the channel that ends the emulator with us; DEBUG and
    // COGNITO_LOCAL_DEVMODE are the emulator's own, passed on when a developer sets them.
    const allowed = ['HOME', 'HOST', 'NODE_OPTIONS', 'PATH', 'PORT', 'DEBUG', 'COGNITO_LOCAL_DEVMODE'];
    expect(names.filter((name) => !name.startsWith('NODE_CHANNEL_') && !allowed.includes(name))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['HOME', 'HOST', 'PORT']));
  });

  it('refuses to start where one already answers, with a start-up code that names the port setting', async () => {
    const second = startLocalIdentityProvider({ dataDir, port: Number(new URL(idp.upstream).port), lambdaEndpoint: 'http://127.0.0.1:9', webOrigins: [] });
    await expect(second).rejects.toMatchObject({ code: 'CFG_LOCAL_IDP_FAILED', message: expect.stringContaining('LOCAL_IDP_PORT') });
  });
});
