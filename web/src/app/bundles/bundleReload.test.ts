import { describe, expect, test, vi } from 'vitest';
import { bundleOnPage } from './bundleReload.ts';

const bundle = { version: '1.4.2', entry: '/modules/lcc/1.4.2/index.js', integrity: 'sha384-new' };

/** A tab: its sessionStorage and its reload button. Reloading keeps the storage, as a browser does. */
function tab() {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  return { storage, reload: vi.fn(), stored };
}

describe('bundleOnPage', () => {
  test('imports a bundle whose integrity the page was served with, without reloading', () => {
    const page = tab();
    expect(bundleOnPage(bundle, { ...page, integrity: { [bundle.entry]: bundle.integrity } })).toBe('current');
    expect(page.reload).not.toHaveBeenCalled();
  });

  test('reloads once when the page predates the bundle, then refuses instead of reloading again', () => {
    const page = tab();
    expect(bundleOnPage(bundle, { ...page, integrity: {} })).toBe('reloading');
    expect(page.reload).toHaveBeenCalledTimes(1);
    // The reloaded page still lacks it (a service that serves an old map): no second reload, ever.
    expect(bundleOnPage(bundle, { ...page, integrity: {} })).toBe('unknown');
    expect(bundleOnPage(bundle, { ...page, integrity: {} })).toBe('unknown');
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  test('treats another digest for the same address as missing: the map would refuse the bytes', () => {
    const page = tab();
    expect(bundleOnPage(bundle, { ...page, integrity: { [bundle.entry]: 'sha384-old' } })).toBe('reloading');
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  test('reloads again for another bundle, once each', () => {
    const page = tab();
    const next = { version: '1.5.0', entry: '/modules/lcc/1.5.0/index.js', integrity: 'sha384-next' };
    expect(bundleOnPage(bundle, { ...page, integrity: {} })).toBe('reloading');
    expect(bundleOnPage(next, { ...page, integrity: {} })).toBe('reloading');
    expect(page.reload).toHaveBeenCalledTimes(2);
  });

  test('forgets the reload once a page holds the bundle, so a later skew reloads again', () => {
    const page = tab();
    bundleOnPage(bundle, { ...page, integrity: {} });
    expect(bundleOnPage(bundle, { ...page, integrity: { [bundle.entry]: bundle.integrity } })).toBe('current');
    expect(page.stored.size).toBe(0);
    expect(bundleOnPage(bundle, { ...page, integrity: {} })).toBe('reloading');
    expect(page.reload).toHaveBeenCalledTimes(2);
  });
});
