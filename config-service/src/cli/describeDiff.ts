import type { ReleaseDiff } from '@platform/schemas';
import { diffSections, diffSummary } from '@platform/schemas';

/**
 * A release difference as terminal lines, for a person to review before publishing: the verdict, then
 * each kind of change as an indented heading and its changes under it. The words are the releases
 * screen's (`diffSections` in @platform/schemas); only the layout is the command line's.
 */
export function describeDiff(diff: ReleaseDiff): string[] {
  return [`  ${diffSummary(diff)}`, ...diffSections(diff).flatMap((s) => [`  ${s.heading}:`, ...s.lines.map((line) => `    ${line}`)])];
}
