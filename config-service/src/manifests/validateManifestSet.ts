import { paramNames, type ProblemList } from '@platform/schemas';
import type { ManifestDoc } from './manifestDoc.ts';
import type { ManifestProblem } from './manifestProblem.ts';
import { setFacts } from './manifestSetFacts.ts';
import { MANIFEST_SET_RULES, RuleReport, type CheckedRoute, type RuleCheck, type SetRule } from './manifestSetRules.ts';
import type { ScreenCatalogue } from './screenCatalogue.ts';
import { walkRoutes, type RouteVisit } from './walkRoutes.ts';

// What a validation takes and the frame's keys, where the modules that read manifest sets have always found them.
export { FRAME_KEYS, type ManifestDoc } from './manifestDoc.ts';
export type { ScreenCatalogue } from './screenCatalogue.ts';

/** A route with the parameters of its address counted once, and the first one named twice. */
function checkedRoute(doc: ManifestDoc, visit: RouteVisit): CheckedRoute {
  // Every parameter, and the first one seen before, in one pass: the set must hold them all, or the
  // title and redirect rules would report parameters after a duplicate as missing.
  const params = new Set<string>();
  let repeatedParam: string | undefined;
  for (const p of paramNames(visit.fullPath)) {
    if (params.has(p)) repeatedParam ??= p;
    else params.add(p);
  }
  return { ...visit, doc, params, repeatedParam };
}

/**
 * Checks what a JSON Schema cannot: the rules of MANIFEST_SET_RULES, across routes and across files.
 * Adds every problem to `problems`, so an administrator fixes a broken edit in one pass. The set is
 * walked once; each rule looks up what it compares (maps, sets, a tree of base urls) rather than
 * scanning lists, so the work grows with the set, not its square.
 */
export function validateManifestSet(
  docs: readonly ManifestDoc[],
  registry: readonly string[],
  screens: ScreenCatalogue | undefined,
  problems: ProblemList<ManifestProblem>,
): void {
  const set = setFacts(docs, registry, screens);
  const rules = (Object.entries(MANIFEST_SET_RULES) as [SetRule, RuleCheck][]).map(([name, rule]) => ({ rule, report: new RuleReport(name, problems) }));

  for (const doc of docs) for (const { rule, report } of rules) if (rule.on === 'file') rule.check(doc, set, report);
  for (const { rule, report } of rules) if (rule.on === 'set') rule.check(set, report);
  for (const doc of docs) {
    const { manifest, file } = doc;
    for (const { rule, report } of rules) {
      if (rule.on === 'siblings') rule.check({ file, siblings: manifest.routes, parentPath: manifest.baseUrl, pointer: '/routes' }, set, report);
    }
    walkRoutes(manifest.routes, manifest.baseUrl, (visit) => {
      const route = checkedRoute(doc, visit);
      const { children } = visit.route;
      // In table order, so a route's problems are listed as they always were.
      for (const { rule, report } of rules) {
        if (rule.on === 'route') rule.check(route, set, report);
        else if (rule.on === 'siblings' && children)
          rule.check({ file, siblings: children, parentPath: visit.fullPath, pointer: `${visit.pointer}/children` }, set, report);
      }
    });
    for (const { rule, report } of rules) if (rule.on === 'module') rule.check(doc, set, report);
  }
  for (const { rule, report } of rules) if (rule.on === 'across') rule.check(set, report);
}
