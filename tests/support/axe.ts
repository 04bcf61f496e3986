import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Rules axe tags "experimental" and leaves off unless named: a link or button whose name does not
 * begin with its visible text defeats speech control (WCAG 2.5.3, issue 35).
 */
const EXPERIMENTAL = { 'label-content-name-mismatch': { enabled: true } };

/** Runs axe (WCAG 2.1 A and AA, with the experimental rules above) on the page as it is now; fails listing each serious or critical violation and where. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: WCAG }, rules: EXPERIMENTAL }).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    at ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n')}`,
    )
    .join('\n');
  expect(blocking, `axe found ${blocking.length} serious or critical violation(s) on ${what}:\n${report}`).toEqual([]);
}
