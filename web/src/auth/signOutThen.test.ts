import { describe, expect, it, vi } from 'vitest';
import { signOutThen } from './signOutThen.ts';

describe('signOutThen', () => {
  it('goes on after a successful sign-out without logging', async () => {
    const next = vi.fn();
    const log = vi.fn();
    await signOutThen(async () => undefined, next, log);
    expect(next).toHaveBeenCalledOnce();
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a failed sign-out and still goes on', async () => {
    const next = vi.fn();
    const log = vi.fn();
    const failure = new Error('identity provider unreachable');
    await signOutThen(() => Promise.reject(failure), next, log);
    expect(log).toHaveBeenCalledWith('sign-out failed', failure);
    expect(next).toHaveBeenCalledOnce();
  });
});
