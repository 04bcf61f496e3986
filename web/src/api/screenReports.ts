import type { ScreenReports } from '@platform/schemas';
import { serviceUrl } from './apiClient.ts';
import { signedInHeaders } from './signedInHeaders.ts';

/** How one opening of a module screen fared (POST /api/v1/telemetry/screens, issue 39); null bundleVersion: compiled-in. */
export type ScreenEvent = ScreenReports['events'][number];

/** Puts a later outcome of the same opening in place of the reported one, while it is still waiting to be sent. */
export type Revise = (event: ScreenEvent) => void;

/** The service takes at most this many events a request. */
export const BATCH_SIZE = 50;
/** Events wait this long for company before they are sent. */
export const FLUSH_MS = 5_000;
/** Events a page reports in its life; beyond it they are dropped, so a page left open for weeks, or looping, floods nobody. */
export const PAGE_CAP = 300;

export interface ReporterIo {
  /** Who is asking, as the service's other calls say it; undefined when no one is signed in. */
  headers(): Promise<Record<string, string> | undefined>;
  /** Sends one batch; must start at once (a page being closed gives no second chance) and never throw. */
  post(body: string, headers: Record<string, string>): void;
  /** Runs `run` after `ms`; answers a way to cancel it. */
  later(run: () => void, ms: number): () => void;
}

export interface ScreenReporter {
  /** Queues an event; never waits, so a screen's render or effect is not held up by it. */
  record(event: ScreenEvent): Revise;
  /** Sends what is queued now, synchronously: the page is being hidden or closed. */
  sendNow(): void;
}

/**
 * Screen events, batched: sent when 50 wait or 5 s after the first of a batch, and at once when the
 * page is hidden. The signed-in headers are read ahead (Amplify's session is asynchronous), so the
 * send on page hide, which cannot wait for anything, has them to hand.
 */
export function createScreenReporter(io: ReporterIo): ScreenReporter {
  const queue: ScreenEvent[] = [];
  let recorded = 0;
  // undefined until first read; null when no one is signed in.
  let headers: Record<string, string> | null | undefined;
  let reading: Promise<void> | undefined;
  let cancel: (() => void) | undefined;

  const readHeaders = () =>
    (reading ??= io
      .headers()
      .then(
        (read) => void (headers = read ?? null),
        () => void (headers = null),
      )
      .finally(() => (reading = undefined)));

  const sendNow = () => {
    // Not read yet: they wait for the send already planned.
    if (headers === undefined) return;
    cancel?.();
    cancel = undefined;
    // Signed out: nothing can be sent, and the events are not the next user's to send.
    if (headers === null) return void queue.splice(0);
    while (queue.length > 0) io.post(JSON.stringify({ events: queue.splice(0, BATCH_SIZE) }), headers);
  };
  // A token read afresh for every batch: Amplify refreshes it before it expires.
  const flush = () => void readHeaders().then(sendNow);

  return {
    record(event) {
      if (recorded >= PAGE_CAP) return () => undefined;
      recorded += 1;
      queue.push(event);
      let queued = event;
      if (queue.length >= BATCH_SIZE) flush();
      else if (!cancel) {
        cancel = io.later(flush, FLUSH_MS);
        void readHeaders();
      }
      return (later) => {
        const at = queue.indexOf(queued);
        if (at < 0) return;
        queue[at] = later;
        queued = later;
      };
    },
    sendNow,
  };
}

/** The page's own reporter: fetch with keepalive, which outlives the page (sendBeacon cannot carry the Authorization header). */
const browserIo: ReporterIo = {
  headers: () => signedInHeaders('service'),
  post: (body, headers) =>
    // A report that fails is dropped: it never signs the user out or shows anything (hence not send()).
    void fetch(serviceUrl('/telemetry/screens'), {
      method: 'POST',
      keepalive: true,
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    }).catch(() => undefined),
  later: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

let pageReporter: ScreenReporter | undefined;

/** Reports how an opening of a module screen fared, from this page. */
export function reportScreen(event: ScreenEvent): Revise {
  if (!pageReporter) {
    const reporter = createScreenReporter(browserIo);
    // Hidden is the last moment a page is sure to have (a phone may discard it without pagehide).
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') reporter.sendNow();
    });
    window.addEventListener('pagehide', () => reporter.sendNow());
    pageReporter = reporter;
  }
  return pageReporter.record(event);
}
