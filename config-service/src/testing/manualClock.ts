import type { Clock } from '../messaging/deliveryQueue.ts';

/** A clock that moves only when told: timers run in `advance`, in the order they are due. */
export class ManualClock implements Clock {
  #now = 0;
  #nextId = 0;
  readonly #timers = new Map<number, { at: number; run: () => void }>();

  now(): number {
    return this.#now;
  }

  setTimeout(run: () => void, ms: number): number {
    const id = ++this.#nextId;
    this.#timers.set(id, { at: this.#now + ms, run });
    return id;
  }

  clearTimeout(timer: unknown): void {
    this.#timers.delete(timer as number);
  }

  /** How long until the next timer is due; undefined: none is set. */
  nextTimerIn(): number | undefined {
    const next = Math.min(...[...this.#timers.values()].map((timer) => timer.at));
    return Number.isFinite(next) ? next - this.#now : undefined;
  }

  /** Moves the clock on by `ms`, running each timer due on the way. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = [...this.#timers.entries()].filter(([, timer]) => timer.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.#now = due[1].at;
      due[1].run();
    }
    this.#now = until;
  }
}
