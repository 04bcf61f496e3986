import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryStatus } from '../store/userDirectoryStore.ts';
import type { StatusAccount, StatusDirectory } from './userStatus.ts';
import { ENABLE_GRACE_SECONDS, UserStatus } from './userStatus.ts';

const WINDOW_MS = 10_000;

/**
 * A directory in memory that counts its reads; `failing` makes them reject, `hanging` never answer.
 * `states` says who is enabled, `more` when they were enabled again or that the pool removed them.
 */
function directory(states: Record<string, boolean> = {}, more: Record<string, Partial<DirectoryStatus>> = {}) {
  const dir = { reads: 0, failing: false, hanging: false, states, more };
  const statusDirectory: StatusDirectory = {
    async statusOf(sub) {
      dir.reads++;
      if (dir.hanging) return new Promise<never>(() => {});
      if (dir.failing) throw new Error('connection refused');
      if (dir.states[sub] === undefined && !dir.more[sub]) return undefined;
      return { enabled: dir.states[sub] ?? false, enabledAt: null, removed: false, ...dir.more[sub] };
    },
    async setEnabled(account, enabled) {
      dir.states[account.sub] = enabled;
    },
  };
  return Object.assign(dir, statusDirectory);
}

const account = (sub: string): StatusAccount => ({ username: sub, sub, email: `${sub}@acme.example`, givenName: 'G', familyName: 'F', status: 'CONFIRMED' });

function statusOn(dir: StatusDirectory, options: { capacity?: number; log?: { warn: () => void } } = {}) {
  let now = 0;
  const status = new UserStatus(dir, { cacheMs: WINDOW_MS, now: () => now, ...options });
  return { status, advance: (ms: number) => void (now += ms) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('UserStatus', () => {
  it('serves a user the directory does not hold or holds as enabled, and refuses one it holds as disabled', async () => {
    const { status } = statusOn(directory({ 'sub-on': true, 'sub-off': false }));
    expect(await status.check('sub-on')).toBe(true);
    expect(await status.check('sub-off')).toBe('disabled');
    expect(await status.check('sub-unknown')).toBe(true);
  });

  it('reads each user once a window, the requests arriving meanwhile sharing the one read', async () => {
    const dir = directory({ pat: true });
    const { status, advance } = statusOn(dir);
    const answers = await Promise.all(Array.from({ length: 50 }, () => status.check('pat')));
    expect(answers.every((a) => a === true)).toBe(true);
    expect(dir.reads).toBe(1);
    // Remembered: answered without a promise, and without a read.
    advance(WINDOW_MS - 1);
    expect(status.check('pat')).toBe(true);
    expect(dir.reads).toBe(1);
    // Disabled through another replica: seen once the window has passed.
    dir.states.pat = false;
    expect(status.check('pat')).toBe(true);
    advance(1);
    expect(await status.check('pat')).toBe('disabled');
    expect(dir.reads).toBe(2);
  });

  it('takes its own write as read at once, and a read that started before it does not put the old state back', async () => {
    const dir = directory({ pat: true });
    let answer!: (status: DirectoryStatus) => void;
    const slow = { ...dir, statusOf: () => new Promise<DirectoryStatus>((resolve) => (answer = resolve)) };
    const { status } = statusOn(slow);
    const before = status.check('pat');
    await status.set(account('pat'), false);
    answer({ enabled: true, enabledAt: null, removed: false });
    await before;
    expect(status.check('pat')).toBe('disabled');
    expect(dir.states.pat).toBe(false);
  });

  it('refuses a token issued before the user was last enabled again, and serves one of the grace before it or later', async () => {
    const { status } = statusOn(directory({ pat: true }, { pat: { enabledAt: 1_000.6 } }));
    expect(await status.check('pat', 999 - ENABLE_GRACE_SECONDS)).toBe('ended');
    // The identity provider's clock a little behind the enable's: a fresh sign-in is not refused.
    expect(status.check('pat', 1_000 - ENABLE_GRACE_SECONDS)).toBe(true);
    expect(status.check('pat', 1_000)).toBe(true);
    expect(status.check('pat', 1_001)).toBe(true);
  });

  it('refuses a user the pool removed, whatever their token', async () => {
    const { status } = statusOn(directory({}, { gone: { removed: true } }));
    expect(await status.check('gone', 2_000_000_000)).toBe('removed');
  });

  it('reads an enable of its own back from the directory, which holds when it took', async () => {
    const dir = directory({ pat: false });
    const { status } = statusOn(dir);
    expect(await status.check('pat')).toBe('disabled');
    await status.set(account('pat'), true);
    dir.more.pat = { enabledAt: 1_000 };
    expect(await status.check('pat', 999 - ENABLE_GRACE_SECONDS)).toBe('ended');
    expect(dir.reads).toBe(2);
  });

  it('fails open when the directory cannot be read: the state last read, or enabled; counted, and logged once a window', async () => {
    const dir = directory({ gone: false });
    const warn = vi.fn();
    const { status, advance } = statusOn(dir, { log: { warn } });
    expect(await status.check('gone')).toBe('disabled');
    dir.failing = true;
    advance(WINDOW_MS);
    // Known disabled stays refused; never read is served.
    expect(await status.check('gone')).toBe('disabled');
    expect(await status.check('never-read')).toBe(true);
    expect(status.unreadable).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    // And asks again a window later, not on every request.
    expect(status.check('never-read')).toBe(true);
    expect(dir.reads).toBe(3);
    dir.failing = false;
    advance(WINDOW_MS);
    expect(await status.check('gone')).toBe('disabled');
    expect(status.unreadable).toBe(2);
  });

  it('counts a read that does not answer in time as failed, and serves the user meanwhile', async () => {
    vi.useFakeTimers();
    const dir = directory();
    dir.hanging = true;
    const status = new UserStatus(dir, { cacheMs: WINDOW_MS, timeoutMs: 2_000 });
    const answer = status.check('pat');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await answer).toBe(true);
    expect(status.unreadable).toBe(1);
  });

  it('remembers a bounded number of users, dropping the longest remembered', async () => {
    const dir = directory();
    const { status } = statusOn(dir, { capacity: 2 });
    for (const sub of ['a', 'b', 'c']) await status.check(sub);
    expect(dir.reads).toBe(3);
    await status.check('c');
    expect(dir.reads).toBe(3);
    await status.check('a');
    expect(dir.reads).toBe(4);
  });
});
