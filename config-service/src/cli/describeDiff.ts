import type { ExposureRules, ReleaseDiff } from '@platform/schemas';
import { noticeable } from '@platform/schemas';

const roles = (list: readonly string[] | null) => (list ? (list.length ? list.join(', ') : 'none') : 'every role');
const environments = (list: readonly string[] | null) => (list ? (list.length ? list.join(', ') : 'none') : 'every environment');
/** A bundle version, or the shell's own screens where a module names none. */
const screens = (version: string | null) => version ?? 'generic';
const title = (text: string) => (text ? `"${text}"` : '(untitled)');

/** Only the rules that changed, each as `rule: before → after`. */
function exposureChange(from: ExposureRules, to: ExposureRules): string {
  const parts: string[] = [];
  if (roles(from.roles) !== roles(to.roles)) parts.push(`roles ${roles(from.roles)} → ${roles(to.roles)}`);
  if (environments(from.environments) !== environments(to.environments))
    parts.push(`environments ${environments(from.environments)} → ${environments(to.environments)}`);
  if (from.enabledForNewCustomers !== to.enabledForNewCustomers)
    parts.push(`on for new customers ${from.enabledForNewCustomers ? 'yes' : 'no'} → ${to.enabledForNewCustomers ? 'yes' : 'no'}`);
  return parts.join('; ');
}

/**
 * A release difference as lines a person reviews before publishing, grouped by kind, one change a
 * line. Empty kinds are left out; content that differs only where no user would notice says so.
 */
export function describeDiff(diff: ReleaseDiff): string[] {
  if (diff.identical) return ['  no difference: the same content'];
  if (!noticeable(diff)) return ['  no change a user would notice (the files differ, but not in modules, names, exposure, screens, routes, titles or roles)'];
  const section = (heading: string, lines: string[]) => (lines.length ? [`  ${heading}:`, ...lines.map((line) => `    ${line}`)] : []);
  const added = diff.modules.filter((m) => m.change === 'added');
  const removed = diff.modules.filter((m) => m.change === 'removed');
  return [
    ...section(
      'modules added',
      added.map((m) => `+ ${m.key} (${m.name})`),
    ),
    ...section(
      'modules removed',
      removed.map((m) => `- ${m.key} (${m.name})`),
    ),
    ...section(
      'modules renamed',
      diff.renamed.map((r) => `${r.key}: ${title(r.from)} → ${title(r.to)}`),
    ),
    ...section(
      'exposure changed',
      diff.exposure.map((e) => `${e.key} (${e.name}): ${exposureChange(e.from, e.to)}`),
    ),
    ...section(
      'module screens',
      diff.bundles.map((b) => `${b.key} screens ${screens(b.from)} → ${screens(b.to)}`),
    ),
    ...section(
      'routes added',
      diff.routesAdded.map((r) => `+ ${r.fullPath} ${title(r.title)} (${r.module})`),
    ),
    ...section(
      'routes removed',
      diff.routesRemoved.map((r) => `- ${r.fullPath} ${title(r.title)} (${r.module})`),
    ),
    ...section(
      'routes retitled',
      diff.routesRetitled.map((r) => `${r.fullPath} (${r.module}): ${title(r.from)} → ${title(r.to)}`),
    ),
    ...section(
      'route roles changed',
      diff.routeRoles.map((r) => `${r.fullPath} (${r.module}): ${roles(r.from)} → ${roles(r.to)}`),
    ),
  ];
}
