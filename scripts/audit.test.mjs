import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { notChecked, unanswered, unexcused } from './audit.mjs';

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

  it('fails an audit that could not ask, saying NOT CHECKED, unless AUDIT_UNREACHABLE=allow', () => {
    const refused = notChecked('405 Method Not Allowed', {});
    expect(refused.status).toBe(1);
    expect(refused.lines.filter((line) => line.includes('NOT CHECKED')).length).toBeGreaterThanOrEqual(2);
    expect(refused.lines.join('\n')).toContain('AUDIT_UNREACHABLE=allow');
    // Anything but the one word is not an allowance.
    for (const value of ['', 'true', '1', 'yes', 'ALLOW']) expect(notChecked('x', { AUDIT_UNREACHABLE: value }).status, value).toBe(1);
    const allowed = notChecked('405 Method Not Allowed', { AUDIT_UNREACHABLE: 'allow' });
    expect(allowed.status).toBe(0);
    expect(allowed.lines.join('\n')).toMatch(/NOT CHECKED: passing anyway, because AUDIT_UNREACHABLE=allow/);
  });

  it('fails when run where the advisory service cannot be asked and nothing allows it', () => {
    // A registry nobody answers at: npm cannot ask, as on a machine without the advisory service.
    const env = { ...process.env, AUDIT_UNREACHABLE: '', npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' };
    const run = spawnSync(process.execPath, [fileURLToPath(new URL('./audit.mjs', import.meta.url))], { env, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toContain('audit: NOT CHECKED');
    expect(run.status).toBe(1);
    const allowed = spawnSync(process.execPath, [fileURLToPath(new URL('./audit.mjs', import.meta.url))], {
      env: { ...env, AUDIT_UNREACHABLE: 'allow' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(allowed.stderr).toContain('audit: NOT CHECKED');
    expect(allowed.status).toBe(0);
  }, 240_000);
});
