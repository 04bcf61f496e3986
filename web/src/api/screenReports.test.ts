// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BATCH_SIZE, createScreenReporter, FLUSH_MS, PAGE_CAP, reportScreen, type ReporterIo, type ScreenEvent } from './screenReports.ts';

vi.mock('../auth/currentIdToken.ts', () => ({ currentIdToken: async () => 'id-token' }));
afterEach(() => vi.unstubAllGlobals());

const SIGNED_IN = { authorization: 'Bearer id-token' };

/** A reporter whose network, session and clock are in the test's hands. */
function reporterWith({ signedIn = true } = {}) {
  const sent: { events: ScreenEvent[]; headers: Record<string, string> }[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const io: ReporterIo = {
    headers: async () => (signedIn ? SIGNED_IN : undefined),
    post: (body, with_) => void sent.push({ ...(JSON.parse(body) as { events: ScreenEvent[] }), headers: with_ }),
    later: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
  };
  const pending = () => timers.filter((t) => !t.cancelled);
  /** Lets the session's answer arrive, then fires the timers that are due. */
  const tick = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const timer of pending()) {
      timer.cancelled = true;
      timer.run();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { reporter: createScreenReporter(io), sent, pending, tick, settle: () => new Promise((resolve) => setTimeout(resolve, 0)) };
}

const shown = (openMs = 120): ScreenEvent => ({ moduleKey: 'lcc', bundleVersion: '1.0.0', kind: 'shown', openMs });

describe('screen reporter', () => {
  it('sends nothing at once: events wait a few seconds for company, then go in one signed request', async () => {
    const { reporter, sent, pending, tick } = reporterWith();
    reporter.record(shown(100));
    reporter.record({ moduleKey: 'hs', bundleVersion: null, kind: 'render-failed' });
    expect(sent).toEqual([]);
    expect(pending().map((t) => t.ms)).toEqual([FLUSH_MS]);
    await tick();
    expect(sent).toEqual([{ events: [shown(100), { moduleKey: 'hs', bundleVersion: null, kind: 'render-failed' }], headers: SIGNED_IN }]);
  });

  it('sends a full batch without waiting for the timer, and never more than 50 events a request', async () => {
    const { reporter, sent, settle } = reporterWith();
    for (let i = 0; i < BATCH_SIZE; i++) reporter.record(shown(i));
    await settle();
    expect(sent.map((s) => s.events.length)).toEqual([BATCH_SIZE]);
  });

  it('sends what waits at once when the page is hidden, in batches of at most 50', async () => {
    const { reporter, sent, pending, settle } = reporterWith();
    reporter.record(shown());
    await settle();
    reporter.sendNow();
    expect(sent.map((s) => s.events.length)).toEqual([1]);
    // The timer has nothing left to send.
    expect(pending()).toEqual([]);
  });

  it('drops what a page reports beyond its cap', async () => {
    const { reporter, sent, settle } = reporterWith();
    for (let i = 0; i < PAGE_CAP + 20; i++) reporter.record(shown(i));
    await settle();
    reporter.sendNow();
    expect(sent.flatMap((s) => s.events)).toHaveLength(PAGE_CAP);
  });

  it('sends nothing when no one is signed in, and keeps nothing for the next user', async () => {
    const { reporter, sent, tick } = reporterWith({ signedIn: false });
    reporter.record(shown());
    await tick();
    reporter.sendNow();
    expect(sent).toEqual([]);
  });

  it('puts a failure in place of the shown event of the same opening while it waits, leaving the others', async () => {
    const { reporter, sent, tick } = reporterWith();
    const revise = reporter.record(shown(80));
    reporter.record({ moduleKey: 'hs', bundleVersion: null, kind: 'shown', openMs: 40 });
    revise({ moduleKey: 'lcc', bundleVersion: '1.0.0', kind: 'render-failed' });
    await tick();
    expect(sent[0]!.events).toEqual([
      { moduleKey: 'lcc', bundleVersion: '1.0.0', kind: 'render-failed' },
      { moduleKey: 'hs', bundleVersion: null, kind: 'shown', openMs: 40 },
    ]);
    // Once sent, it stays as sent: an opening counts once.
    revise({ moduleKey: 'lcc', bundleVersion: '1.0.0', kind: 'load-failed' });
    await tick();
    expect(sent).toHaveLength(1);
  });
});

describe("the page's reporter", () => {
  it('sends what waits when the page is closed, with keepalive (the request outlives the page) and the user’s token', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    reportScreen({ moduleKey: 'lcc', bundleVersion: '1.0.0', kind: 'render-failed' });
    // The token is read ahead, while the page is still open.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(fetch).toHaveBeenCalledWith('/api/v1/telemetry/screens', {
      method: 'POST',
      keepalive: true,
      headers: { authorization: 'Bearer id-token', 'content-type': 'application/json' },
      body: JSON.stringify({ events: [{ moduleKey: 'lcc', bundleVersion: '1.0.0', kind: 'render-failed' }] }),
    });
  });
});
