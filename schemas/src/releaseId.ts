import { releaseSummarySchema } from './generated/release-summary.ts';

/** A release id's JSON Schema, `$defs/releaseId` of release-summary.schema.json, which every contract refers to. */
export const releaseIdSchema = releaseSummarySchema.$defs.releaseId;

/** The pattern of a release id, for code that declares or checks one outside the contracts. */
export const RELEASE_ID_PATTERN = releaseIdSchema.pattern;

/** How many hex digits a release id has now: 128 bits of SHA-256, beyond reach of a made-up collision. */
export const RELEASE_ID_DIGITS = 32;

/** How many a release published before issue 26 has: still read, activated and rolled back to, never made. */
export const LEGACY_RELEASE_ID_DIGITS = 12;

const RELEASE_ID = new RegExp(RELEASE_ID_PATTERN);

/** Whether text is a release id: 32 lower-case hex digits, or 12 for a release stored before issue 26. */
export const isReleaseId = (text: string): boolean => RELEASE_ID.test(text);

/**
 * The release state's entity tag, `"<active release id>"`: the service's ETag, and the If-Match every
 * step on the releases sends back (the web app and the publishing commands alike).
 */
export const releaseEntityTag = (active: string): string => `"${active}"`;
