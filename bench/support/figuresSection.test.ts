import { describe, expect, it } from 'vitest';
import { FIGURES_END, FIGURES_START, figuresSection, withFigures, type RunRecord } from './figuresSection.ts';
import { target } from './types.ts';

const machine = { commit: 'abc1234', cores: 2, cpu: 'AMD EPYC', memoryGiB: 24, kernel: '6.18', node: 'v20.20.2' };
const ran = (at: string, commit: string, met: boolean) => ({
  title: 'Manifest endpoint',
  seconds: 500,
  figures: {},
  targets: [target('throughput vs limit', met ? 0.6 : 0.4, 'min', 0.5, '×')],
  report: ['| a | table |'],
  ranAt: at,
  commit,
});

describe('the figures section of BENCHMARKS.md', () => {
  it('names the benchmarks whose figures are from an earlier run, with when and on which commit', () => {
    const run: RunRecord = {
      startedAt: '2026-11-25T20:00:00.000Z',
      machine,
      benchmarks: {
        endpoint: ran('2026-11-25T20:00:00.000Z', 'abc1234', true),
        growth: { ...ran('2026-11-23T14:01:00.000Z', '5b1a2b6', false), title: 'Growth' },
      },
    };
    const text = figuresSection(run, ['endpoint', 'growth']);
    expect(text).toContain('Latest run 2026-11-25 20:00 UTC on commit `abc1234`');
    expect(text).toContain('Figures of growth (2026-11-23 14:01, `5b1a2b6`) are from earlier runs.');
    expect(text).toContain('| endpoint | throughput vs limit | 0.6× | ≥ 0.5× | yes |');
    expect(text).toContain('| growth | throughput vs limit | 0.4× | ≥ 0.5× | **no** |');
    expect(text).toContain('### growth: Growth');
  });

  it('says which benchmarks could not run and which never ran, with the command to run them', () => {
    const run: RunRecord = {
      startedAt: '2026-11-25T20:00:00.000Z',
      machine: { ...machine, uncommittedChanges: true },
      benchmarks: { endpoint: { title: 'Manifest endpoint', error: 'Error: boom' } },
    };
    const text = figuresSection(run, ['endpoint', 'startup']);
    expect(text).toContain('(with uncommitted changes)');
    expect(text).toContain('All figures from this run.');
    expect(text).toContain('| endpoint | could not run | | | **no** |');
    expect(text).toContain('| startup | not run yet: `npm run bench -- startup` | | | |');
    expect(text).not.toContain('### endpoint');
  });

  it('replaces only what lies between the markers, and refuses a document without them', () => {
    const document = `# Benchmarks\nprose before\n${FIGURES_START}\nold figures\n${FIGURES_END}\nprose after\n`;
    expect(withFigures(document, `${FIGURES_START}\nnew\n${FIGURES_END}`)).toBe(
      `# Benchmarks\nprose before\n${FIGURES_START}\nnew\n${FIGURES_END}\nprose after\n`,
    );
    expect(() => withFigures('# Benchmarks\n', 'x')).toThrow(/no <!-- figures:start -->/);
  });
});
