import { ifMatch } from '../ifMatch.ts';

/** A switch's entity tag: its version, which every write increments. */
export const entityTag = (version: number) => `"${version}"`;

/** The version an If-Match header names (428 without one, or with anything but one version's tag). */
export const ifMatchVersion = (header: string | undefined): number =>
  ifMatch(header, {
    missing: 'send If-Match with the ETag you read, so a change made meanwhile is not overwritten',
    expected: 'the ETag you read (e.g. "3")',
    read: (version) => (/^\d{1,9}$/.test(version) ? Number(version) : undefined),
  });
