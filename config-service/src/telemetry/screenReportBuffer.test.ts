import { describe, expect, it } from 'vitest';
import type { GuardOpener } from '../store/guardTallyStore.ts';
import type { ScreenReportRow } from '../store/screenReportStore.ts';
import { type ScreenEvent, ScreenReportBuffer } from './screenReportBuffer.ts';

/** A buffer that writes only when flushed, and what it wrote and dropped. */
function buffer(maxRows = 100) {
  const written: { rows: ScreenReportRow[]; openers: GuardOpener[] }[] = [];
  const dropped: [number, string][] = [];
  const b = new ScreenReportBuffer({
    write: async (rows, openers) => {
      written.push({ rows, openers });
    },
    maxRows,
    flushMs: 3_600_000,
    onDropped: (events, reason) => dropped.push([events, reason]),
    now: () => Date.UTC(2026, 10, 29, 10, 0, 30),
  });
  return { b, written, dropped };
}
const opened = (moduleKey: string, kind: ScreenEvent['kind']): ScreenEvent => ({ moduleKey, bundleVersion: '1.5.0', kind });
const pilot = (userSub: string) => ({ userSub, pilotRelease: 'r-pilot', modules: new Set(['lcc']) });

describe('ScreenReportBuffer', () => {
  it("adds up a user's opens of the pilot's modules for its guard, apart from the figures of every module", async () => {
    const { b, written } = buffer();
    b.add('acme', [opened('lcc', 'shown'), opened('lcc', 'load-failed'), opened('hs', 'render-failed')], pilot('u1'));
    b.add('acme', [opened('lcc', 'render-failed')], pilot('u2'));
    b.add('acme', [opened('lcc', 'shown')]);
    await b.close();
    expect(written).toHaveLength(1);
    expect(written[0]!.rows.map((r) => [r.moduleKey, r.shown, r.loadFailed, r.renderFailed])).toEqual([
      ['lcc', 2, 1, 1],
      ['hs', 0, 0, 1],
    ]);
    expect(written[0]!.openers).toEqual([
      { pilotRelease: 'r-pilot', moduleKey: 'lcc', bundleVersion: '1.5.0', customerId: 'acme', userSub: 'u1', opens: 2, failures: 1 },
      { pilotRelease: 'r-pilot', moduleKey: 'lcc', bundleVersion: '1.5.0', customerId: 'acme', userSub: 'u2', opens: 1, failures: 1 },
    ]);
  });

  it("keeps an event for the figures and says so when the guard's openers are full", async () => {
    const { b, written, dropped } = buffer(1);
    b.add('acme', [opened('lcc', 'shown')], pilot('u1'));
    b.add('acme', [opened('lcc', 'load-failed')], pilot('u2'));
    await b.close();
    expect(written[0]!.rows[0]).toMatchObject({ shown: 1, loadFailed: 1 });
    expect(written[0]!.openers.map((o) => o.userSub)).toEqual(['u1']);
    expect(dropped).toEqual([[1, 'guard']]);
  });
});
