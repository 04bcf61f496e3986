import type { FastifyBaseLogger } from 'fastify';

/** Where the manifest releases log what went wrong following the store or the folder, and what was pruned. */
export interface ReleasesLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The releases' log, handed to each of their parts once, whose destination can change while they
 * run: server.ts opens the releases before the app whose logger they should use exists, and hands
 * that logger over afterwards (`ManifestReleases.log`). Unset: nothing is logged.
 */
export class ForwardedLog implements ReleasesLog {
  constructor(public to: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined) {}

  info(obj: object, msg: string): void {
    this.to?.info(obj, msg);
  }

  warn(obj: object, msg: string): void {
    this.to?.warn(obj, msg);
  }

  error(obj: object, msg: string): void {
    this.to?.error(obj, msg);
  }
}
