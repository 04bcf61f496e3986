import type { FastifyBaseLogger } from 'fastify';

/** Where the manifest releases log what went wrong following the store or the folder, and what was pruned. */
export interface ReleasesLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const NOTHING: ReleasesLog = { info() {}, warn() {}, error() {} };

/** The releases' log: the logger given (createPlatform hands over the service's), or one that drops everything. */
export const optionalLog = (log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined): ReleasesLog => log ?? NOTHING;
