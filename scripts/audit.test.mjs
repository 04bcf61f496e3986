import { describe, expect, it } from 'vitest';
import { unanswered, unexcused } from './audit.mjs';

const report = {
  vulnerabilities: {
    tar: { name: 'tar', severity: 'high', via: [{ title: 'Arbitrary file write' }] },
    express: { name: 'express', severity: 'critical', via: ['body-parser'] },
    debug: { name: 'debug', severity: 'moderate', via: [{ title: 'ReDoS' }] },
  },
  metadata: { vulnerabilities: { high: 1, critical: 1, moderate: 1, total: 3 } },
};

describe('the production audit', () => {
  it('fails on high and critical findings, not on lower ones', () => {
    expect(unexcused(report, {}).map((f) => f.name)).toEqual(['tar', 'express']);
    expect(unexcused(report, {})[1]).toEqual({ name: 'express', severity: 'critical', via: 'body-parser' });
  });

  it('lets a finding through only where an exception names its package', () => {
    expect(unexcused(report, { tar: 'only the build stage unpacks archives' }).map((f) => f.name)).toEqual(['express']);
  });

  it('tells an advisory service that could not be asked from one that found nothing', () => {
    expect(unanswered({ error: { code: 'E405', summary: 'audit endpoint returned an error' } })).toBe(true);
    expect(unanswered({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk' })).toBe(true);
    expect(unanswered({ vulnerabilities: {}, metadata: { vulnerabilities: { total: 0 } } })).toBe(false);
  });
});
