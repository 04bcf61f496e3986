import type { FastifyBaseLogger } from 'fastify';
import { GUARD_ACTOR_SUB } from '@platform/schemas';
import type { ManifestReleases } from '../releases/manifestReleases.ts';
import type { Actor } from '../store/auditEntryHead.ts';
import type { GuardTallyStore } from '../store/guardTallyStore.ts';
import type { ScreenReportStore } from '../store/screenReportStore.ts';
import type { CountedOpens } from './guardVerdict.ts';
import { pilotHealth } from './pilotHealth.ts';

/** Who the release audit names when the guard ends a pilot. */
export const GUARD_ACTOR: Actor = { sub: GUARD_ACTOR_SUB, email: '' };

/** How often each replica judges a guarded pilot: with reports written every 2 s, a pilot ends within about 10 s of tripping. */
export const GUARD_CHECK_MS = 5_000;

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const rate = ({ opens, failures }: CountedOpens) => (opens ? failures / opens : 0);
const users = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

/**
 * Watches the pilot running, if it has a guard (decision 0088): every `everyMs` it reads the pilot's
 * figures from the database, which every replica writes to, and ends the pilot when a module it changes
 * is failing by the guard's rule. Every replica watches; the store's row lock lets one of them end it.
 */
export class PilotGuard {
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: {
      releases: ManifestReleases;
      reports: Pick<ScreenReportStore, 'groups'>;
      tallies: Pick<GuardTallyStore, 'tallies'>;
      log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
      everyMs?: number;
    },
  ) {}

  start(): void {
    this.#timer = setInterval(() => {
      // One check at a time: a slow database is not asked again before it answered.
      this.#checking = this.#checking.then(() => this.check()).catch((error: Error) => this.options.log.warn({ err: error }, 'pilot guard check failed'));
    }, this.options.everyMs ?? GUARD_CHECK_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#checking;
  }

  /** Judges the guarded pilot now; true when this call ended it. */
  async check(): Promise<boolean> {
    const { releases, reports, tallies, log } = this.options;
    const pilot = await releases.store.pilot();
    if (!pilot?.guard) return false;
    const [active, piloted] = [await releases.find(pilot.active), await releases.find(pilot.release)];
    if (!active || !piloted) return false;
    const failing = (await pilotHealth(pilot, { active, pilot: piloted }, { reports, tallies })).find((m) => m.verdict === 'failing');
    if (!failing) return false;
    const { guard } = pilot;
    const { pilot: tripped, control } = failing.counted;
    const reason =
      `guard (max ${percent(guard.maxErrorRate)} failing of at least ${guard.minOpens} opens): module ${failing.moduleKey} ` +
      `bundle ${failing.pilotBundle ?? 'compiled-in'} failed ${tripped.failures} of ${tripped.opens} opens ` +
      `(${percent(rate(tripped))}) for ${pilot.customers.join(', ')} (${tripped.failingUsers} of ${users(tripped.users)} failing); ` +
      `everyone else ${control.failures} of ${control.opens} (${percent(rate(control))})`;
    const ended = await releases.store.endGuardedPilot(pilot, GUARD_ACTOR, reason.slice(0, 500));
    if (!ended) return false;
    // Served here at once; the other replicas hear of it by notification, as of any other step.
    await releases.refresh();
    log.warn(
      {
        release: pilot.release,
        customers: pilot.customers,
        module: failing.moduleKey,
        counted: failing.counted,
        pilot: failing.pilot,
        control: failing.control,
      },
      'pilot ended by its guard',
    );
    return true;
  }
}
