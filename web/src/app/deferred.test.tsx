import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred.tsx';

const Loaded = ({ label }: { label: string }) => <p>{label}</p>;

describe('deferred', () => {
  it('renders through React.lazy until its code is here, and the component itself after', async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const Deferred = deferred('Loaded', load);
    const before = Deferred({ label: 'a' }) as ReactElement;
    expect(before.type).not.toBe(Loaded);
    await Deferred.preload();
    const after = Deferred({ label: 'a' }) as ReactElement;
    expect(after.type).toBe(Loaded);
    expect(after.props).toEqual({ label: 'a' });
  });

  it('fetches its code once however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const Deferred = deferred('Loaded', load);
    await Promise.all([Deferred.preload(), Deferred.preload()]);
    await Deferred.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch instead of keeping the failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Loaded);
    const Deferred = deferred('Loaded', load);
    await expect(Deferred.preload()).rejects.toThrow('Failed to fetch');
    await Deferred.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect((Deferred({ label: 'b' }) as ReactElement).type).toBe(Loaded);
  });
});
