import { noticeable } from './noticeable.ts';
import type { ExposureRules, ReleaseDiff } from './types.ts';

/** One kind of change, as a heading and one line a change. */
export interface DiffSection {
  heading: string;
  lines: string[];
}

const roles = (list: readonly string[] | null) => (list ? (list.length ? list.join(', ') : 'nobody') : 'every role');
const environments = (list: readonly string[] | null) => (list ? (list.length ? list.join(', ') : 'no environment') : 'every environment');
const yesNo = (on: boolean) => (on ? 'yes' : 'no');
/** A bundle version, or the shell's own screens where a module names none. */
const screens = (version: string | null) => version ?? 'generic';
const quoted = (text: string) => (text ? `“${text}”` : '(untitled)');

/** Only the exposure rules that changed, each as `rule before → after`. */
export function exposureChange(from: ExposureRules, to: ExposureRules): string {
  const parts: string[] = [];
  if (roles(from.roles) !== roles(to.roles)) parts.push(`roles ${roles(from.roles)} → ${roles(to.roles)}`);
  if (environments(from.environments) !== environments(to.environments))
    parts.push(`environments ${environments(from.environments)} → ${environments(to.environments)}`);
  if (from.enabledForNewCustomers !== to.enabledForNewCustomers)
    parts.push(`on for new customers ${yesNo(from.enabledForNewCustomers)} → ${yesNo(to.enabledForNewCustomers)}`);
  return parts.join('; ');
}

/**
 * A release difference as a person reviews it before a step, grouped by kind, one change a line: the
 * one wording the releases screen and the publishing commands share, each laying it out its own way.
 * Empty kinds are left out; no sections means nothing a user would notice (`diffSummary` says which).
 */
export function diffSections(diff: ReleaseDiff): DiffSection[] {
  const added = diff.modules.filter((m) => m.change === 'added');
  const removed = diff.modules.filter((m) => m.change === 'removed');
  const sections: DiffSection[] = [
    { heading: 'Modules added', lines: added.map((m) => `${m.name} (${m.key})`) },
    { heading: 'Modules removed', lines: removed.map((m) => `${m.name} (${m.key})`) },
    { heading: 'Modules renamed', lines: diff.renamed.map((r) => `${r.key}: ${quoted(r.from)} → ${quoted(r.to)}`) },
    { heading: 'Who is shown a module', lines: diff.exposure.map((e) => `${e.name} (${e.key}): ${exposureChange(e.from, e.to)}`) },
    { heading: 'Module screens', lines: diff.bundles.map((b) => `${b.key} screens ${screens(b.from)} → ${screens(b.to)} (${b.name})`) },
    { heading: 'Pages added', lines: diff.routesAdded.map((r) => `${r.fullPath} ${quoted(r.title)} (${r.module})`) },
    { heading: 'Pages removed', lines: diff.routesRemoved.map((r) => `${r.fullPath} ${quoted(r.title)} (${r.module})`) },
    { heading: 'Pages retitled', lines: diff.routesRetitled.map((r) => `${r.fullPath} (${r.module}): ${quoted(r.from)} → ${quoted(r.to)}`) },
    { heading: 'Who may open a page', lines: diff.routeRoles.map((r) => `${r.fullPath} (${r.module}): ${roles(r.from)} → ${roles(r.to)}`) },
  ];
  return diff.identical ? [] : sections.filter((s) => s.lines.length > 0);
}

/** The one-sentence verdict above the sections. */
export function diffSummary(diff: ReleaseDiff): string {
  if (diff.identical) return 'No difference: the two are the same content.';
  if (!noticeable(diff)) return 'No change a user would notice: the files differ, but not in modules, names, exposure, screens, pages, titles or roles.';
  const count = diffSections(diff).reduce((n, s) => n + s.lines.length, 0);
  return `${count} change${count === 1 ? '' : 's'} users would notice:`;
}
