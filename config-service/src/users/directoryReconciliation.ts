import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { ListUsersCommand, type CognitoIdentityProviderClient, type ListUsersCommandOutput } from '@aws-sdk/client-cognito-identity-provider';
import type { DirectorySyncStore, SyncCause, SyncState, SyncTiming } from '../store/directorySyncStore.ts';
import type { DirectoryEntry, UserDirectoryStore } from '../store/userDirectoryStore.ts';
import type { PoolUser } from './managedUser.ts';

export interface DirectoryReconciliationOptions {
  client: Pick<CognitoIdentityProviderClient, 'send'>;
  userPoolId: string;
  directory: UserDirectoryStore;
  sync: DirectorySyncStore;
  /** USER_DIRECTORY_SYNC_MINUTES, in ms: a run is due when the last started this long ago. */
  intervalMs: number;
  /** USER_DIRECTORY_SYNC_CALLS_PER_SECOND: ListUsers calls a second at most, each of up to 60 users. */
  callsPerSecond: number;
  /** How long one call may take before the run fails; 10 s. */
  timeoutMs?: number;
  /** How soon a failed run is tried again; a minute. */
  retryMs?: number;
  /** How long the lease holds unrenewed (it is renewed before each page); two minutes. */
  leaseMs?: number;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Waits (tests make the throttling back-off instant); ends early on `signal`. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<unknown>;
}

/** Cognito's page size for ListUsers, its largest. */
const PAGE = 60;
/** Throttled calls in a row before a run gives up: the back-off doubles from 1 s to at most 30 s. */
const THROTTLED_TRIES = 8;
const backOff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);
const throttled = (error: unknown) => /Throttl|TooManyRequests|LimitExceeded/.test((error as { name?: string }).name ?? '');

class LeaseLost extends Error {
  constructor() {
    super('another replica took over the reconciliation (this one held its lease too long)');
  }
}

const attributeOf = (user: PoolUser, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

/**
 * A user of the pool's listing as the directory holds them; whether MFA is set up the listing does not
 * say. When the pool last changed them dates an enable made at the pool's console (decision 0098).
 */
function entryOf(user: PoolUser & { UserLastModifiedDate?: Date }): DirectoryEntry {
  const username = user.Username ?? '';
  return {
    username,
    sub: attributeOf(user, 'sub') ?? username,
    email: attributeOf(user, 'email') ?? '',
    givenName: attributeOf(user, 'given_name') ?? '',
    familyName: attributeOf(user, 'family_name') ?? '',
    customAuth: attributeOf(user, 'custom:auth') ?? null,
    status: user.UserStatus ?? 'UNKNOWN',
    enabled: user.Enabled ?? true,
    mfaSetUp: null,
    modifiedAt: user.UserLastModifiedDate ?? null,
  };
}

/**
 * Keeps the user directory true to the identity provider's pool (issue 37, decision 0092): lists the
 * whole pool with ListUsers (60 users a call, all attributes, no call per user), at most
 * `callsPerSecond` calls a second and backing off when throttled, writes each page as read just before
 * the call (so a newer word in the directory stays), and, only when the whole listing succeeded, sweeps
 * out the users it no longer holds. Runs at start, on schedule and when staff ask; one replica at a
 * time, by a lease in the database.
 */
export class DirectoryReconciliation {
  readonly #options: Required<Omit<DirectoryReconciliationOptions, 'log'>> & Pick<DirectoryReconciliationOptions, 'log'>;
  readonly #holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #stopped = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  /** This replica's attempts in flight, and whether it was asked again meanwhile. */
  #running: Promise<void> | undefined;
  #again: SyncCause | undefined;
  #nextCallAt = 0;

  constructor(options: DirectoryReconciliationOptions) {
    this.#options = {
      timeoutMs: 10_000,
      retryMs: 60_000,
      leaseMs: 120_000,
      sleep: (ms, signal) => sleepFor(ms, undefined, { signal }),
      ...options,
    };
  }

  get #timing(): SyncTiming {
    const { intervalMs, retryMs, leaseMs } = this.#options;
    return { intervalMs, retryMs, leaseMs };
  }

  /** Reconciles now if due (never yet, or the schedule says so), then looks again every minute until stopped. */
  start(): Promise<void> {
    const every = Math.min(this.#options.intervalMs, this.#options.retryMs);
    this.#timer = setInterval(() => void this.attempt('schedule'), every);
    this.#timer.unref();
    return this.attempt('start');
  }

  /** Stops the schedule and the run in flight (its listing ends unfinished: no sweep). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stopped.abort();
    await this.#running;
  }

  /**
   * Staff asked: recorded in the database, so the replica holding the lease runs again when it ends
   * its run, and tried here at once. Resolves once recorded; the run goes on in the background.
   */
  async request(): Promise<void> {
    await this.#options.sync.requested();
    void this.attempt('request');
  }

  state(): Promise<SyncState> {
    return this.#options.sync.state();
  }

  /** Resolves when this replica has no run in flight. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /**
   * Runs a reconciliation if one is due and no replica holds the lease, and again after it while one
   * is due (asked for meanwhile). Never throws: a failure is the run's outcome, recorded and logged.
   */
  attempt(cause: SyncCause): Promise<void> {
    if (this.#stopped.signal.aborted) return Promise.resolve();
    if (this.#running) {
      this.#again ??= cause;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        let next: SyncCause | undefined = cause;
        while (next && !this.#stopped.signal.aborted) {
          this.#again = undefined;
          const outcome = await this.#runIfDue(next);
          // After a success, whatever was asked meanwhile (here or on another replica) is due; after a
          // failure, only what was asked here: the schedule retries it otherwise.
          next = outcome === 'succeeded' ? 'request' : this.#again;
        }
      } catch (error) {
        this.#options.log?.warn({ err: error }, 'user directory reconciliation could not start');
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  /** One run, if this replica takes the lease; how it went. */
  async #runIfDue(cause: SyncCause): Promise<'succeeded' | 'failed' | 'not due'> {
    const { sync, directory, leaseMs, log } = this.#options;
    const startedAt = await sync.take(this.#holder, cause, this.#timing);
    if (!startedAt) return 'not due';
    let listed = 0;
    try {
      let token: string | undefined;
      do {
        if (!(await sync.renew(this.#holder, leaseMs, listed))) throw new LeaseLost();
        // Before the call: a user the platform or a sign-in changes after this keeps that newer word.
        const readAt = await sync.now();
        const page = await this.#listPage(token);
        const users = page.Users ?? [];
        await directory.listed(users.map(entryOf), readAt);
        listed += users.length;
        token = page.PaginationToken;
      } while (token);
      if (!(await sync.renew(this.#holder, leaseMs, listed))) throw new LeaseLost();
      // Only now: a listing that stopped part-way says nothing of the users it did not reach.
      const removed = await directory.sweep(startedAt);
      await sync.finish(this.#holder, { outcome: 'succeeded', usersListed: listed, usersRemoved: removed, error: null });
      log?.info({ cause, usersListed: listed, usersRemoved: removed }, 'user directory reconciled with the identity provider');
      return 'succeeded';
    } catch (error) {
      const message = this.#stopped.signal.aborted ? 'the service stopped during the reconciliation' : describe(error);
      await sync.finish(this.#holder, { outcome: 'failed', usersListed: listed, usersRemoved: 0, error: message }).catch(() => undefined);
      log?.warn({ cause, usersListed: listed, err: error }, `user directory reconciliation failed: ${message}`);
      return 'failed';
    }
  }

  /** One page of ListUsers: paced to the calls a second allowed, bounded in time, retried when throttled. */
  async #listPage(token: string | undefined): Promise<ListUsersCommandOutput> {
    const { client, userPoolId, callsPerSecond, timeoutMs, sleep } = this.#options;
    const stopped = this.#stopped.signal;
    for (let attempt = 0; ; attempt++) {
      const wait = this.#nextCallAt - performance.now();
      if (wait > 0) await sleep(wait, stopped);
      this.#nextCallAt = Math.max(performance.now(), this.#nextCallAt) + 1000 / callsPerSecond;
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        return await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Limit: PAGE, PaginationToken: token }), {
          abortSignal: AbortSignal.any([stopped, timeout]),
        });
      } catch (error) {
        if (timeout.aborted) throw new Error(`the identity provider did not answer ListUsers within ${timeoutMs / 1000} s`, { cause: error });
        if (!throttled(error) || attempt + 1 >= THROTTLED_TRIES || stopped.aborted) throw error;
        await sleep(backOff(attempt), stopped);
      }
    }
  }
}

/** What an operator reads of a failure: the provider's error name and words, never a stack. */
function describe(error: unknown): string {
  if (error instanceof LeaseLost) return error.message;
  const { name = 'Error', message = '' } = error as { name?: string; message?: string };
  return `${name}: ${message}`.slice(0, 1000);
}
