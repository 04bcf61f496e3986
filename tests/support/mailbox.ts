import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';
import type { PublicConfig } from '@platform/schemas';

/**
 * The local identity provider's "mailbox": cognito-local sends no email and writes each code it
 * would have sent into its log instead, which is where a person running `npm start` finds it too.
 */
function logFile(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run through the Playwright config');
  return join(dataDir, 'cognito', 'cognito-local.log');
}

/** Where the log ends now: codes sent after this point are the ones a test is waiting for. */
export function mailboxMark(): number {
  const file = logFile();
  return existsSync(file) ? statSync(file).size : 0;
}

/** The newest code sent to `email` after `mark`, waiting a little for it to be written. */
export async function codeSentTo(email: string, mark: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const text = stripVTControlCharacters(readFileSync(logFile()).subarray(mark).toString('utf8'));
        const blocks = [...text.matchAll(/Destination:\s+(\S+)[\s\S]*?Code:\s+(\d+)/g)].filter((m) => m[1] === email);
        code = blocks.at(-1)?.[2];
        return code;
      },
      { message: `a code sent to ${email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}

/**
 * The temporary password of the newest invitation sent to `email` after `mark` (a byte offset in the
 * log; 0, the whole log, for an invitation that may be older than the test). An invitation is logged as
 * a code is, the temporary password in the `Code:` line (decision 0049): letters, digits and symbols.
 */
export async function temporaryPasswordSentTo(email: string, mark = 0): Promise<string> {
  let password: string | undefined;
  await expect
    .poll(
      () => {
        const text = stripVTControlCharacters(readFileSync(logFile()).subarray(mark).toString('utf8'));
        password = [...text.matchAll(/Destination:\s+(\S+)[\s\S]*?Code:\s+(\S+)/g)].filter((m) => m[1] === email).at(-1)?.[2];
        return password;
      },
      { message: `an invitation sent to ${email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return password as string;
}

async function idp(request: APIRequestContext, operation: string, body: unknown) {
  return request.post('/idp', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    data: JSON.stringify(body),
  });
}

/** The web app's client id, as the browser learns it. */
export async function webClientId(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/v1/config')).json()) as PublicConfig).auth.userPoolClientId;
}

/** Calls the identity provider the way Amplify does in the browser; answers status and body. */
export async function callIdentityProvider(
  request: APIRequestContext,
  operation: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await idp(request, operation, body);
  return { status: answer.status(), body: (await answer.json()) as Record<string, unknown> };
}

/** Registers and confirms a new account, as sign-up would, for journeys that change an account. */
export async function createConfirmedAccount(request: APIRequestContext, email: string, password: string): Promise<void> {
  const ClientId = await webClientId(request);
  const mark = mailboxMark();
  const signUp = await callIdentityProvider(request, 'SignUp', {
    ClientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Riley' },
      { Name: 'family_name', Value: 'Reset' },
    ],
  });
  expect(signUp.status).toBe(200);
  const confirm = await callIdentityProvider(request, 'ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: await codeSentTo(email, mark) });
  expect(confirm.status).toBe(200);
}

/** An address no earlier run or worker has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@signup.example`;
}
