import AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

type RunOptions = Parameters<AxeBuilder['options']>[0];

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Rules axe tags "experimental" and leaves off unless named: a link or button whose name does not
 * begin with its visible text defeats speech control (WCAG 2.5.3, issue 35).
 */
const EXPERIMENTAL = { 'label-content-name-mismatch': { enabled: true } };
/**
 * Every rule this axe knows, each switched on: WCAG 2.x A, AA and AAA, best practices, and the
 * experimental and deprecated rules axe leaves off by default (issue 35: "axe runs with every rule").
 */
const EVERY_RULE = Object.fromEntries(axeRules().map((rule) => [rule.ruleId, { enabled: true }]));

/** The rules of the axe-core that @axe-core/playwright injects (its own dependency), so the list follows its version. */
function axeRules(): { ruleId: string }[] {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return (fromBuilder('axe-core') as { getRules(): { ruleId: string }[] }).getRules();
}

/** Runs axe with `options` on the page as it is now; fails listing each serious or critical violation and where. */
async function expectNoBlocking(page: Page, what: string, options: RunOptions): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).options(options).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    at ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n')}`,
    )
    .join('\n');
  expect(blocking, `axe found ${blocking.length} serious or critical violation(s) on ${what}:\n${report}`).toEqual([]);
}

/** Runs axe (WCAG 2.1 A and AA, with the experimental rules above) on the page as it is now; fails on each serious or critical violation. */
export function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  return expectNoBlocking(page, what, { runOnly: { type: 'tag', values: WCAG }, rules: EXPERIMENTAL });
}

/** Runs axe with every rule it has (see EVERY_RULE) on the page as it is now; fails on each serious or critical violation. */
export function expectNoSeriousViolationsEveryRule(page: Page, what: string): Promise<void> {
  return expectNoBlocking(page, what, { rules: EVERY_RULE });
}
