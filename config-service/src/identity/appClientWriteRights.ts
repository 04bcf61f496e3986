import { DescribeUserPoolClientCommand, type DescribeUserPoolClientCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyBaseLogger } from 'fastify';
import { AUTHORISATION_ATTRIBUTE, WEB_APP_WRITE_ATTRIBUTES } from './appClientAttributes.ts';

/** What readiness says of the app client's write rights: `ready` once proved, else a fixed word for why not. */
export type WriteRightsState =
  | 'ready'
  | 'checking'
  | 'writes custom:auth'
  | 'write attributes unset'
  | 'not permitted'
  | 'not found'
  | 'unreachable'
  | 'timed out';

/** The one call made: the AWS SDK's client, or a stand-in in tests. */
export interface AppClientDescriber {
  send(command: DescribeUserPoolClientCommand, options?: { abortSignal?: AbortSignal }): Promise<DescribeUserPoolClientCommandOutput>;
}

export interface AppClientWriteRightsOptions {
  client: AppClientDescriber;
  userPoolId: string;
  clientId: string;
  /** How long one call may take. */
  timeoutMs?: number;
  /** Waits between attempts until proved: doubling from the first, up to the last. */
  backoffMs?: { first: number; most: number };
  /** Runs `work` after `ms`; tests pass one that runs at their command. */
  schedule?: (work: () => Promise<void>, ms: number) => { cancel(): void };
}

/** Whether a client's WriteAttributes prove that its users cannot write custom:auth. */
export function judgeWriteAttributes(writeAttributes: readonly string[] | undefined): WriteRightsState {
  // Unset, Cognito applies its default instead of a list; which attributes that covers is Cognito's to
  // say (its documentation has said both "standard only" and "all"), so it proves nothing here.
  if (!writeAttributes?.length) return 'write attributes unset';
  return writeAttributes.some((name) => name.trim().toLowerCase() === AUTHORISATION_ATTRIBUTE) ? 'writes custom:auth' : 'ready';
}

const NOT_PERMITTED = new Set([
  'AccessDeniedException',
  'NotAuthorizedException',
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'MissingAuthenticationTokenException',
  'ExpiredTokenException',
  'CredentialsProviderError',
]);

function failureOf(error: unknown): WriteRightsState {
  const name = (error as { name?: unknown } | null)?.name;
  if (typeof name !== 'string') return 'unreachable';
  if (NOT_PERMITTED.has(name)) return 'not permitted';
  if (name === 'ResourceNotFoundException') return 'not found';
  return name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : 'unreachable';
}

/**
 * How long a proved client is trusted before it is read again. A change to the client after start (custom:auth
 * added to its WriteAttributes) is caught within it; 24 readings a day per replica cost AWS nothing noticeable.
 */
const PROVED_RECHECK_MS = 3_600_000;

/** What a reading says of the client itself, as opposed to failing to read it. */
const JUDGEMENTS: ReadonlySet<WriteRightsState> = new Set(['ready', 'writes custom:auth', 'write attributes unset']);

/** Reads the app client once and judges its write rights. */
export async function checkWriteRights(
  options: Pick<AppClientWriteRightsOptions, 'client' | 'userPoolId' | 'clientId' | 'timeoutMs'>,
): Promise<WriteRightsState> {
  try {
    const answer = await options.client.send(new DescribeUserPoolClientCommand({ UserPoolId: options.userPoolId, ClientId: options.clientId }), {
      abortSignal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    return judgeWriteAttributes(answer.UserPoolClient?.WriteAttributes);
  } catch (error) {
    return failureOf(error);
  }
}

const defaultSchedule = (work: () => Promise<void>, ms: number) => {
  const timer = setTimeout(() => void work(), ms);
  // A reading pending must not keep a stopping process alive.
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * Proves, off the request path, that the web app's users cannot write custom:auth, on which every
 * authorisation rests: reads the app client from the start, again with back-off until proved (an
 * operator's fix is then seen without a restart), then again every hour (someone adding custom:auth
 * to the client's WriteAttributes after start is caught without a restart), and answers the latest
 * judgement to readiness.
 */
export class AppClientWriteRights {
  private current: WriteRightsState = 'checking';
  private pending: { cancel(): void } | undefined;
  private stopped = false;
  /** A proved client could not be read again: readiness keeps the proof meanwhile. */
  private renewalFailing = false;

  constructor(private readonly options: AppClientWriteRightsOptions) {}

  state(): WriteRightsState {
    return this.current;
  }

  /** Starts checking; each change of judgement is logged once, with what to do about it. Resolves after the first reading. */
  start(log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>): Promise<void> {
    const { first, most } = this.options.backoffMs ?? { first: 1_000, most: 60_000 };
    const schedule = this.options.schedule ?? defaultSchedule;
    const attempt = async (wait: number) => {
      const read = await checkWriteRights(this.options);
      if (this.stopped) return;
      // Once proved, only the client itself withdraws the proof. Failing to read it again (AWS briefly
      // unreachable, a permission taken back) says nothing about what its users may write, and would
      // otherwise take every replica out of service at once for a setting that has not changed.
      const renewalFailed = this.current === 'ready' && !JUDGEMENTS.has(read);
      if (renewalFailed && !this.renewalFailing) this.warnRenewal(log, read);
      const state = renewalFailed ? 'ready' : read;
      if (state !== this.current || (this.renewalFailing && !renewalFailed)) this.report(log, state);
      this.renewalFailing = renewalFailed;
      this.current = state;
      const proved = state === 'ready' && !renewalFailed;
      this.pending = proved ? schedule(() => attempt(first), PROVED_RECHECK_MS) : schedule(() => attempt(Math.min(wait * 2, most)), wait);
    };
    return attempt(first);
  }

  stop(): void {
    this.stopped = true;
    this.pending?.cancel();
  }

  private warnRenewal(log: Pick<FastifyBaseLogger, 'warn'>, read: WriteRightsState) {
    const { userPoolId, clientId } = this.options;
    log.warn(
      { userPoolId, clientId, writeRights: read },
      `app client write rights: the proved client could not be read again (${read}); readiness keeps the last proof, retrying`,
    );
  }

  private report(log: Pick<FastifyBaseLogger, 'info' | 'error'>, state: WriteRightsState) {
    const { userPoolId, clientId } = this.options;
    const client = { userPoolId, clientId, writeRights: state };
    const allowed = WEB_APP_WRITE_ATTRIBUTES.join(', ');
    const otherwise = 'or, where they are proved another way, set ALLOW_UNCHECKED_APP_CLIENT=true (decision 0041)';
    const why: Record<Exclude<WriteRightsState, 'ready' | 'checking'>, string> = {
      'writes custom:auth': `the app client lets its users write ${AUTHORISATION_ATTRIBUTE}, their own role and customer: take it out of the client's WriteAttributes (the web app writes ${allowed}); not ready until then`,
      'write attributes unset': `the app client lists no WriteAttributes, so what its users may write is Cognito's default, not a list: set them to ${allowed}; not ready until then`,
      'not permitted': `the service may not read the app client: allow its AWS identity cognito-idp:DescribeUserPoolClient on the user pool, ${otherwise}; not ready until then`,
      'not found': 'the user pool has no such app client: check COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID; not ready until then',
      unreachable: 'the user pool could not be asked for the app client; not ready until it answers (retrying)',
      'timed out': 'the user pool did not answer for the app client in time; not ready until it does (retrying)',
    };
    if (state === 'ready') log.info(client, `the app client's users cannot write ${AUTHORISATION_ATTRIBUTE}`);
    else if (state !== 'checking') log.error(client, `app client write rights: ${why[state]}`);
  }
}
