import type { DescribeUserPoolClientCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApps, type TestApps } from '../testing/testApp.ts';
import { AppClientWriteRights, checkWriteRights, judgeWriteAttributes, type AppClientDescriber, type WriteRightsState } from './appClientWriteRights.ts';

const IDS = { userPoolId: 'eu-west-1_pool', clientId: 'web-client' };

/** A user pool that answers DescribeUserPoolClient with the next of `answers` (the last one repeats). */
function pool(...answers: (readonly string[] | undefined | Error)[]): AppClientDescriber & { calls: number } {
  const fake = {
    calls: 0,
    async send() {
      const answer = answers[Math.min(fake.calls++, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return {
        $metadata: {},
        UserPoolClient: { UserPoolId: IDS.userPoolId, ClientId: IDS.clientId, WriteAttributes: answer && [...answer] },
      } satisfies DescribeUserPoolClientCommandOutput;
    },
  };
  return fake;
}
const failure = (name: string) => Object.assign(new Error(name), { name });

describe('judgeWriteAttributes', () => {
  it.each([
    [['email', 'given_name', 'family_name'], 'ready'],
    [['email', 'custom:meta'], 'ready'],
    [['email', 'custom:auth'], 'writes custom:auth'],
    [['email', 'Custom:Auth '], 'writes custom:auth'],
    [[], 'write attributes unset'],
    [undefined, 'write attributes unset'],
  ] as const)('judges %j: %s', (writeAttributes, state) => {
    expect(judgeWriteAttributes(writeAttributes)).toBe(state);
  });
});

describe('checkWriteRights', () => {
  it.each([
    [['email', 'given_name'], 'ready'],
    [['email', 'custom:auth'], 'writes custom:auth'],
    [undefined, 'write attributes unset'],
    [failure('AccessDeniedException'), 'not permitted'],
    [failure('CredentialsProviderError'), 'not permitted'],
    [failure('ResourceNotFoundException'), 'not found'],
    [failure('TimeoutError'), 'timed out'],
    [new Error('connect ECONNREFUSED 10.0.0.1:443'), 'unreachable'],
  ] as const)('reads the client: %j → %s', async (answer, state) => {
    expect(await checkWriteRights({ client: pool(answer), ...IDS })).toBe(state);
  });
});

/** A schedule the test runs by hand, and a log the test reads. */
function harness(client: AppClientDescriber) {
  const waits: number[] = [];
  let next: (() => Promise<void>) | undefined;
  const lines: { level: string; message: string; state: unknown }[] = [];
  const log = (level: string) => (object: { writeRights?: unknown }, message: string) => void lines.push({ level, message, state: object.writeRights });
  const rights = new AppClientWriteRights({
    client,
    ...IDS,
    backoffMs: { first: 1_000, most: 4_000 },
    schedule: (work, ms) => {
      waits.push(ms);
      next = work;
      return { cancel: () => (next = undefined) };
    },
  });
  const runNext = async () => {
    const work = next;
    next = undefined;
    await work?.();
  };
  return {
    rights,
    waits,
    lines,
    start: () => rights.start({ info: log('info'), warn: log('warn'), error: log('error') } as never),
    runNext,
    pending: () => next !== undefined,
  };
}
const HOUR = 3_600_000;

describe('AppClientWriteRights', () => {
  it('is not ready while the client can write custom:auth, says what to do once, and is ready once fixed', async () => {
    const client = pool(['email', 'custom:auth'], ['email', 'custom:auth'], ['email', 'custom:auth'], ['email', 'custom:auth'], ['email', 'given_name']);
    const { rights, waits, lines, start, runNext } = harness(client);
    expect(rights.state()).toBe('checking');
    await start();
    expect(rights.state()).toBe('writes custom:auth');
    for (let i = 0; i < 3; i++) await runNext();
    expect(rights.state()).toBe('writes custom:auth');
    // Backing off, and saying it once rather than at every try.
    expect(waits).toEqual([1_000, 2_000, 4_000, 4_000]);
    expect(lines).toEqual([{ level: 'error', state: 'writes custom:auth', message: expect.stringContaining('WriteAttributes') }]);
    await runNext();
    expect(rights.state()).toBe('ready');
    expect(lines.at(-1)).toMatchObject({ level: 'info', state: 'ready' });
    // Proved: the next reading is the slow one.
    expect(waits.at(-1)).toBe(HOUR);
    expect(client.calls).toBe(5);
  });

  it('reads a proved client again every hour, and is not ready, said once, when custom:auth has become writable', async () => {
    const client = pool(['email'], ['email'], ['email', 'custom:auth'], ['email', 'custom:auth'], ['email']);
    const { rights, waits, lines, start, runNext } = harness(client);
    await start();
    await runNext();
    expect(rights.state()).toBe('ready');
    expect(waits).toEqual([HOUR, HOUR]);
    await runNext();
    expect(rights.state()).toBe('writes custom:auth');
    await runNext();
    expect(rights.state()).toBe('writes custom:auth');
    expect(lines.map((line) => [line.level, line.state])).toEqual([
      ['info', 'ready'],
      ['error', 'writes custom:auth'],
    ]);
    // Unsafe: read again soon, as before the first proof, so the fix is seen without a restart.
    expect(waits).toEqual([HOUR, HOUR, 1_000, 2_000]);
    await runNext();
    expect(rights.state()).toBe('ready');
    expect(waits.at(-1)).toBe(HOUR);
    expect(client.calls).toBe(5);
  });

  it('keeps the proof when a proved client cannot be read again, warns once, and reads again sooner', async () => {
    const client = pool(['email'], failure('AccessDeniedException'), failure('AccessDeniedException'), ['email']);
    const { rights, waits, lines, start, runNext } = harness(client);
    await start();
    await runNext();
    await runNext();
    expect(rights.state()).toBe('ready');
    expect(lines.map((line) => [line.level, line.state])).toEqual([
      ['info', 'ready'],
      ['warn', 'not permitted'],
    ]);
    await runNext();
    expect(rights.state()).toBe('ready');
    expect(lines.at(-1)).toMatchObject({ level: 'info', state: 'ready' });
    expect(waits).toEqual([HOUR, 1_000, 2_000, HOUR]);
  });

  it.each([
    ['no write attributes', undefined, 'write attributes unset', 'set them to email, given_name, family_name'],
    ['access denied', failure('AccessDeniedException'), 'not permitted', 'cognito-idp:DescribeUserPoolClient'],
  ] as const)('is not ready when the pool answers %s, naming the fix', async (_what, answer, state: WriteRightsState, fix) => {
    const { rights, lines, start, pending } = harness(pool(answer));
    await start();
    expect(rights.state()).toBe(state);
    expect(lines).toEqual([{ level: 'error', state, message: expect.stringContaining(fix) }]);
    expect(pending()).toBe(true);
  });

  it('offers ALLOW_UNCHECKED_APP_CLIENT only when the client cannot be read, never for a client that is wrong', async () => {
    for (const [answer, offered] of [
      [failure('AccessDeniedException'), true],
      [['custom:auth'], false],
      [undefined, false],
    ] as const) {
      const { lines, start } = harness(pool(answer));
      await start();
      expect(lines[0]?.message.includes('ALLOW_UNCHECKED_APP_CLIENT'), String(answer)).toBe(offered);
    }
  });

  it('stops asking once stopped', async () => {
    const client = pool(failure('AccessDeniedException'));
    const { rights, start, pending } = harness(client);
    await start();
    rights.stop();
    expect(pending()).toBe(false);
    expect(client.calls).toBe(1);
  });
});

describe('GET /readyz and the app client', () => {
  let apps: TestApps;
  let judged: WriteRightsState = 'checking';
  let app: FastifyInstance;
  beforeAll(async () => {
    apps = await startTestApps();
    app = await apps.app({ appClientWriteRights: { state: () => judged } });
  });
  afterAll(() => apps.close());

  it.each(['checking', 'writes custom:auth', 'write attributes unset', 'not permitted'] as const)('answers 503 while the check says %s', async (state) => {
    judged = state;
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_NOT_READY', checks: { appClient: state }, detail: expect.stringContaining(`appClient ${state}`) });
  });

  it('answers 200 once the client is proved', async () => {
    judged = 'ready';
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', checks: { appClient: 'ready' } });
  });

  it('turns 503 naming custom:auth when a client proved at start lets its users write it an hour later', async () => {
    const { rights, start, runNext } = harness(pool(['email'], ['email', 'custom:auth']));
    await start();
    const checked = await apps.app({ appClientWriteRights: rights });
    expect((await checked.inject({ url: '/readyz' })).statusCode).toBe(200);
    await runNext();
    const res = await checked.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { appClient: 'writes custom:auth' }, detail: expect.stringContaining('appClient writes custom:auth') });
  });
});
