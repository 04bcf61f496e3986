import { describe, expect, it } from 'vitest';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import { isPlatformError } from '../errors.ts';
import { MfaStatus, type MfaLookup } from './mfaStatus.ts';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);
const user = (issuedAtMs = T0 - 60_000, over: Partial<VerifiedUser> = {}): VerifiedUser => ({
  sub: 'sub-1',
  username: 'morgan',
  email: 'mfa@acme.example',
  givenName: 'Morgan',
  familyName: 'Factor',
  auth: { role: 'customer', customerId: 'acme', modules: ['cd'], requireMFA: true },
  issuedAt: seconds(issuedAtMs),
  expiresAt: seconds(issuedAtMs) + 3600,
  ...over,
});

/** A directory whose answers the test sets, counting the questions and able to hold them. */
function fakeDirectory(initial: boolean | Error = false) {
  const state = { answer: initial as boolean | Error, asked: [] as string[], held: undefined as Promise<void> | undefined };
  const lookup: MfaLookup = async (username) => {
    state.asked.push(username);
    if (state.held) await state.held;
    if (state.answer instanceof Error) throw state.answer;
    return state.answer;
  };
  return { state, lookup };
}

describe('MfaStatus', () => {
  it('asks the identity provider by the pool username and answers what it says', async () => {
    const { state, lookup } = fakeDirectory(true);
    expect(await new MfaStatus(lookup).hasMfa(user(), T0)).toBe(true);
    expect(state.asked).toEqual(['morgan']);
  });

  it('asks by sub when the token names no pool username', async () => {
    const { state, lookup } = fakeDirectory(true);
    await new MfaStatus(lookup).hasMfa(user(T0 - 60_000, { username: undefined }), T0);
    expect(state.asked).toEqual(['sub-1']);
  });

  it('answers "no" for everyone when it has no identity provider to ask', () => {
    expect(new MfaStatus(undefined).hasMfa(user(), T0)).toBe(false);
  });

  it('keeps one lookup in flight per user, however many requests arrive meanwhile', async () => {
    const { state, lookup } = fakeDirectory(false);
    let release!: () => void;
    state.held = new Promise((resolve) => (release = resolve));
    const status = new MfaStatus(lookup);
    const answers = Array.from({ length: 50 }, () => status.hasMfa(user(), T0));
    release();
    expect(await Promise.all(answers)).toEqual(Array(50).fill(false));
    expect(state.asked).toHaveLength(1);
  });

  it('remembers "no" briefly, then asks again', async () => {
    const { state, lookup } = fakeDirectory(false);
    const status = new MfaStatus(lookup, { negativeMs: 5_000 });
    await status.hasMfa(user(), T0);
    expect(status.hasMfa(user(), T0 + 4_999)).toBe(false);
    expect(state.asked).toHaveLength(1);
    state.answer = true;
    expect(await status.hasMfa(user(), T0 + 5_000)).toBe(true);
    expect(state.asked).toHaveLength(2);
  });

  it('asks again at once for a token issued after the last "no" (the web app refreshes its token after set-up)', async () => {
    const { state, lookup } = fakeDirectory(false);
    const status = new MfaStatus(lookup, { negativeMs: 60_000 });
    await status.hasMfa(user(T0 - 60_000), T0);
    state.answer = true;
    // The same token: still "no", without a question.
    expect(status.hasMfa(user(T0 - 60_000), T0 + 1_500)).toBe(false);
    expect(state.asked).toHaveLength(1);
    expect(await status.hasMfa(user(T0 + 1_000), T0 + 1_500)).toBe(true);
    expect(state.asked).toHaveLength(2);
  });

  it('remembers "yes" until the token that asked expires, and no longer than positiveMs', async () => {
    const { state, lookup } = fakeDirectory(true);
    const status = new MfaStatus(lookup, { positiveMs: 15 * 60_000 });
    const shortLived = user(T0 - 3_590_000); // expires 10 s after T0
    await status.hasMfa(shortLived, T0);
    expect(status.hasMfa(user(), T0 + 9_000)).toBe(true);
    expect(state.asked).toHaveLength(1);
    await status.hasMfa(user(), T0 + 10_000);
    expect(state.asked).toHaveLength(2);
    expect(status.hasMfa(user(), T0 + 10_000 + 15 * 60_000 - 1)).toBe(true);
    await status.hasMfa(user(), T0 + 10_000 + 15 * 60_000);
    expect(state.asked).toHaveLength(3);
  });

  it('fails closed with CFG_ERR_IDENTITY_PROVIDER when the identity provider cannot tell, and does not ask again at once', async () => {
    const { state, lookup } = fakeDirectory(new Error('connect ECONNREFUSED'));
    const status = new MfaStatus(lookup, { negativeMs: 5_000 });
    const first = await Promise.resolve(status.hasMfa(user(), T0)).catch((error: unknown) => error);
    expect(isPlatformError(first) && first.code).toBe('CFG_ERR_IDENTITY_PROVIDER');
    let again: unknown;
    try {
      await status.hasMfa(user(), T0 + 1_000);
    } catch (error) {
      again = error;
    }
    expect(isPlatformError(again) && again.code).toBe('CFG_ERR_IDENTITY_PROVIDER');
    expect(state.asked).toHaveLength(1);
  });

  it('fails closed when the identity provider does not answer within the time limit', async () => {
    const never: MfaLookup = () => new Promise(() => undefined);
    const answer = new MfaStatus(never, { timeoutMs: 20 }).hasMfa(user(), Date.now());
    await expect(answer).rejects.toMatchObject({ code: 'CFG_ERR_IDENTITY_PROVIDER' });
  });

  it('keeps users apart', async () => {
    const { state, lookup } = fakeDirectory(true);
    const status = new MfaStatus(lookup);
    await status.hasMfa(user(), T0);
    state.answer = false;
    expect(await status.hasMfa(user(T0 - 60_000, { sub: 'sub-2', username: 'other' }), T0)).toBe(false);
    expect(state.asked).toEqual(['morgan', 'other']);
  });
});
