import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusAccount, StatusDirectory } from './userStatus.ts';
import { UserStatus } from './userStatus.ts';

const WINDOW_MS = 10_000;

/** A directory in memory that counts its reads; `failing` makes them reject, `hanging` never answer. */
function directory(states: Record<string, boolean> = {}) {
  const dir = { reads: 0, failing: false, hanging: false, states };
  const statusDirectory: StatusDirectory = {
    async enabledOf(sub) {
      dir.reads++;
      if (dir.hanging) return new Promise<never>(() => {});
      if (dir.failing) throw new Error('connection refused');
      return dir.states[sub];
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
    expect(await status.isEnabled('sub-on')).toBe(true);
    expect(await status.isEnabled('sub-off')).toBe(false);
    expect(await status.isEnabled('sub-unknown')).toBe(true);
  });

  it('reads each user once a window, the requests arriving meanwhile sharing the one read', async () => {
    const dir = directory({ pat: true });
    const { status, advance } = statusOn(dir);
    const answers = await Promise.all(Array.from({ length: 50 }, () => status.isEnabled('pat')));
    expect(answers.every((a) => a === true)).toBe(true);
    expect(dir.reads).toBe(1);
    // Remembered: answered without a promise, and without a read.
    advance(WINDOW_MS - 1);
    expect(status.isEnabled('pat')).toBe(true);
    expect(dir.reads).toBe(1);
    // Disabled through another replica: seen once the window has passed.
    dir.states.pat = false;
    expect(status.isEnabled('pat')).toBe(true);
    advance(1);
    expect(await status.isEnabled('pat')).toBe(false);
    expect(dir.reads).toBe(2);
  });

  it('takes its own write as read at once, and a read that started before it does not put the old state back', async () => {
    const dir = directory({ pat: true });
    let answer!: (enabled: boolean) => void;
    const slow = { ...dir, enabledOf: () => new Promise<boolean>((resolve) => (answer = resolve)) };
    const { status } = statusOn(slow);
    const before = status.isEnabled('pat');
    await status.set(account('pat'), false);
    answer(true);
    await before;
    expect(status.isEnabled('pat')).toBe(false);
    expect(dir.states.pat).toBe(false);
  });

  it('fails open when the directory cannot be read: the state last read, or enabled; counted, and logged once a window', async () => {
    const dir = directory({ gone: false });
    const warn = vi.fn();
    const { status, advance } = statusOn(dir, { log: { warn } });
    expect(await status.isEnabled('gone')).toBe(false);
    dir.failing = true;
    advance(WINDOW_MS);
    // Known disabled stays refused; never read is served.
    expect(await status.isEnabled('gone')).toBe(false);
    expect(await status.isEnabled('never-read')).toBe(true);
    expect(status.unreadable).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    // And asks again a window later, not on every request.
    expect(status.isEnabled('never-read')).toBe(true);
    expect(dir.reads).toBe(3);
    dir.failing = false;
    advance(WINDOW_MS);
    expect(await status.isEnabled('gone')).toBe(false);
    expect(status.unreadable).toBe(2);
  });

  it('counts a read that does not answer in time as failed, and serves the user meanwhile', async () => {
    vi.useFakeTimers();
    const dir = directory();
    dir.hanging = true;
    const status = new UserStatus(dir, { cacheMs: WINDOW_MS, timeoutMs: 2_000 });
    const answer = status.isEnabled('pat');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await answer).toBe(true);
    expect(status.unreadable).toBe(1);
  });

  it('remembers a bounded number of users, dropping the longest remembered', async () => {
    const dir = directory();
    const { status } = statusOn(dir, { capacity: 2 });
    for (const sub of ['a', 'b', 'c']) await status.isEnabled(sub);
    expect(dir.reads).toBe(3);
    await status.isEnabled('c');
    expect(dir.reads).toBe(3);
    await status.isEnabled('a');
    expect(dir.reads).toBe(4);
  });
});
