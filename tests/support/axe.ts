import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe (WCAG 2.1 A and AA) on the page as it is now; fails listing each serious or critical violation and where. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    at ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n')}`,
    )
    .join('\n');
  expect(blocking, `axe found ${blocking.length} serious or critical violation(s) on ${what}:\n${report}`).toEqual([]);
}
