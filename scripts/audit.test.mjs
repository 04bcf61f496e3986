import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeException, MAX_UNCHECKED_DAYS, notChecked, readExceptions, runAudit, unanswered, unexcused } from './audit.mjs';
import { buildRuns, read } from './packagingFiles.mjs';

const report = {
  vulnerabilities: {
    tar: { name: 'tar', severity: 'high', via: [{ title: 'Arbitrary file write' }] },
    express: { name: 'express', severity: 'critical', via: ['body-parser'] },
    debug: { name: 'debug', severity: 'moderate', via: [{ title: 'ReDoS' }] },
  },
  metadata: { vulnerabilities: { high: 1, critical: 1, moderate: 1, total: 3 } },
};

const today = new Date('2026-11-28T17:00:00Z');
const exception = (until) => ({ until, by: 'a.operator', why: 'built on the offline mirror; advisories read by hand on 2026-11-28' });
const text = (result) => result.lines.join('\n');

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
    const refused = notChecked('405 Method Not Allowed', { env: {}, today });
    expect(refused.status).toBe(1);
    expect(refused.lines.filter((line) => line.includes('NOT CHECKED')).length).toBeGreaterThanOrEqual(2);
    expect(text(refused)).toContain('AUDIT_UNREACHABLE=allow');
    // Anything but the one word is not an allowance.
    for (const value of ['', 'true', '1', 'yes', 'ALLOW']) expect(notChecked('x', { env: { AUDIT_UNREACHABLE: value }, today }).status, value).toBe(1);
    const allowed = notChecked('405 Method Not Allowed', { env: { AUDIT_UNREACHABLE: 'allow' }, today });
    expect(allowed.status).toBe(0);
    expect(text(allowed)).toMatch(/NOT CHECKED: passing anyway, because AUDIT_UNREACHABLE=allow/);
  });

  it("says in CI's allowed pass that a release build would be refused, and when one would pass", () => {
    const allowed = notChecked('405', { env: { AUDIT_UNREACHABLE: 'allow' }, today });
    expect(text(allowed)).toMatch(/NOT CHECKED: a release build would be refused: no exception is recorded/);
    const excused = notChecked('405', { env: { AUDIT_UNREACHABLE: 'allow' }, exception: exception('2026-12-10'), today });
    expect(text(excused)).toMatch(/a release build would pass unchecked, excused by a\.operator until 2026-12-10 \(12 days left\)/);
  });

  it('refuses a release that nobody checked, whatever AUDIT_UNREACHABLE says', () => {
    for (const env of [{}, { AUDIT_UNREACHABLE: 'allow' }]) {
      const refused = notChecked('405 Method Not Allowed', { env, release: true, today });
      expect(refused.status).toBe(1);
      expect(text(refused)).toMatch(/NOT CHECKED: release refused: no exception is recorded/);
    }
    expect(text(notChecked('405', { env: { AUDIT_UNREACHABLE: 'allow' }, release: true, today }))).toContain(
      'AUDIT_UNREACHABLE=allow counts for nothing in a release build',
    );
  });

  it('lets an unchecked release out under a dated exception, still saying NOT CHECKED, who and until when', () => {
    const excused = notChecked('405', { env: {}, release: true, exception: exception('2026-11-28'), today });
    expect(excused.status).toBe(0);
    expect(text(excused)).toMatch(/NOT CHECKED: release passing unchecked, excused by a\.operator until 2026-11-28 \(0 days left\): built on/);
  });

  it('says an exception has run out, and refuses the release, from the day after its last day', () => {
    const expired = notChecked('405', { env: {}, release: true, exception: exception('2026-11-27'), today });
    expect(expired.status).toBe(1);
    expect(text(expired)).toMatch(/release refused: the exception by a\.operator ran out on 2026-11-27, 1 day ago/);
    // CI still passes where allowed, but says so.
    const ci = notChecked('405', { env: { AUDIT_UNREACHABLE: 'allow' }, exception: exception('2026-10-01'), today });
    expect(ci.status).toBe(0);
    expect(text(ci)).toMatch(/a release build would be refused: the exception by a\.operator ran out on 2026-10-01, 58 days ago/);
  });

  it('refuses an exception that runs too far ahead, or does not say who, why or until when', () => {
    const far = new Date(today.getTime() + (MAX_UNCHECKED_DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
    expect(judgeException(exception(far), today)).toEqual({
      holds: false,
      says: `the exception by a.operator runs to ${far}, ${MAX_UNCHECKED_DAYS + 1} days ahead; at most ${MAX_UNCHECKED_DAYS} are allowed`,
    });
    const last = new Date(today.getTime() + MAX_UNCHECKED_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(judgeException(exception(last), today).holds).toBe(true);
    for (const broken of [
      { ...exception('2026-12-01'), by: ' ' },
      { ...exception('2026-12-01'), why: undefined },
    ])
      expect(judgeException(broken, today).says).toMatch(/must say who took it \("by"\) and why \("why"\)/);
    for (const until of ['2026-02-30', '1 December', '', undefined, 20261201])
      expect(judgeException(exception(until), today).says, String(until)).toMatch(/"until" must be a day, YYYY-MM-DD/);
  });

  it('reads the exceptions file, refusing a key it does not know rather than ignoring it', () => {
    expect(readExceptions(read('.ci/audit-exceptions.json'))).toEqual({ packages: {}, notChecked: null });
    expect(() => readExceptions('{"notchecked": {"until": "2026-12-01"}}')).toThrow(/unknown "notchecked"; only "packages" and "notChecked"/);
    // The file's earlier flat shape would have excused nothing: said, not swallowed.
    expect(() => readExceptions('{"tar": "only the build stage unpacks archives"}')).toThrow(/unknown "tar"/);
  });

  it('is run by the image build as the release audit, before anything is built, with its exceptions file', () => {
    const runs = buildRuns.split('\n');
    const audit = runs.findIndex((run) => /\bnode scripts\/audit\.mjs --release\b/.test(run));
    expect(audit).toBeGreaterThanOrEqual(0);
    expect(audit).toBeLessThan(runs.findIndex((run) => /npm run build\b/.test(run)));
    // .ci is kept out of the build context, all but this one file.
    const ignored = read('.dockerignore').split(/\r?\n/);
    expect(ignored.indexOf('!.ci/audit-exceptions.json')).toBeGreaterThan(ignored.indexOf('.ci'));
  });

  it('fails when run where the advisory service cannot be asked and nothing allows it', () => {
    // A registry nobody answers at: npm cannot ask, as on a machine without the advisory service.
    const env = { ...process.env, AUDIT_UNREACHABLE: '', npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' };
    const script = fileURLToPath(new URL('./audit.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script], { env, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toContain('audit: NOT CHECKED');
    expect(run.status).toBe(1);
    const allowed = spawnSync(process.execPath, [script], { env: { ...env, AUDIT_UNREACHABLE: 'allow' }, encoding: 'utf8', timeout: 120_000 });
    expect(allowed.stderr).toContain('audit: NOT CHECKED');
    expect(allowed.status).toBe(0);
    const release = spawnSync(process.execPath, [script, '--release'], { env: { ...env, AUDIT_UNREACHABLE: 'allow' }, encoding: 'utf8', timeout: 120_000 });
    expect(release.stderr).toContain('audit: NOT CHECKED: release refused');
    expect(release.status).toBe(1);
  }, 360_000);
});

// A registry of our own on the loopback that answers the advisory endpoint as the npm registry does, with
// one real advisory (lodash before 4.17.21, GHSA-35jh-r3h4-6jhm), so the audit is seen checking.
describe('the production audit, against an advisory service that answers', () => {
  let server;
  let registry;
  const asked = [];
  const folders = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'POST' && req.url === '/-/npm/v1/security/advisories/bulk') {
          const wanted = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
          asked.push(wanted);
          const advisory = {
            id: 1106913,
            url: 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm',
            title: 'Command Injection in lodash',
            severity: 'high',
            vulnerable_versions: '<4.17.21',
            cwe: ['CWE-77', 'CWE-94'],
            cvss: { score: 7.2, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' },
          };
          res.setHeader('content-type', 'application/json');
          return res.end(JSON.stringify(wanted.lodash ? { lodash: [advisory] } : {}));
        }
        if (req.method === 'GET' && req.url === '/lodash') {
          const version = (v) => ({ name: 'lodash', version: v, dist: { tarball: `${registry}lodash/-/lodash-${v}.tgz` } });
          res.setHeader('content-type', 'application/json');
          return res.end(
            JSON.stringify({ name: 'lodash', 'dist-tags': { latest: '4.17.21' }, versions: { '4.17.20': version('4.17.20'), '4.17.21': version('4.17.21') } }),
          );
        }
        res.statusCode = 404;
        res.end('{}');
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    registry = `http://127.0.0.1:${server.address().port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  /** A project whose lock file holds lodash at `version` as a production dependency. */
  function project(version, exceptions) {
    const dir = mkdtempSync(join(tmpdir(), 'audit-fixture-'));
    folders.push(dir);
    const manifest = { name: 'audit-fixture', version: '1.0.0', dependencies: { lodash: version } };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    writeFileSync(
      join(dir, 'package-lock.json'),
      JSON.stringify({
        name: 'audit-fixture',
        version: '1.0.0',
        lockfileVersion: 3,
        requires: true,
        packages: { '': manifest, 'node_modules/lodash': { version, resolved: `${registry}lodash/-/lodash-${version}.tgz` } },
      }),
    );
    if (exceptions) {
      mkdirSync(join(dir, '.ci'));
      writeFileSync(join(dir, '.ci/audit-exceptions.json'), JSON.stringify(exceptions));
    }
    return dir;
  }

  const envFor = (dir) => ({
    ...process.env,
    npm_config_registry: registry,
    npm_config_cache: join(dir, '.npm-cache'),
    npm_config_fetch_retries: '0',
    npm_config_update_notifier: 'false',
  });

  it('fails on a known-vulnerable production dependency, in CI and in a release, whatever AUDIT_UNREACHABLE says', async () => {
    const dir = project('4.17.20');
    for (const release of [false, true]) {
      const result = await runAudit({ dir, env: { ...envFor(dir), AUDIT_UNREACHABLE: 'allow' }, release, today });
      expect(result.status).toBe(1);
      expect(text(result)).not.toContain('NOT CHECKED');
      expect(text(result)).toMatch(/audit: checked the production dependencies against the registry's advisories: .*1 high/);
      expect(text(result)).toContain('audit: high: lodash: Command Injection in lodash');
    }
    expect(asked.at(-1)).toEqual({ lodash: ['4.17.20'] });
  }, 120_000);

  it('passes the same project once the dependency is past the advisory, or where an exception names the package', async () => {
    const fixed = project('4.17.21');
    const passed = await runAudit({ dir: fixed, env: envFor(fixed), release: true, today });
    expect({ status: passed.status, lines: passed.lines }).toEqual({
      status: 0,
      lines: [expect.stringMatching(/^audit: checked the production dependencies.*0 high/)],
    });
    const excused = project('4.17.20', { packages: { lodash: 'no template is compiled from input' } });
    expect((await runAudit({ dir: excused, env: envFor(excused), release: true, today })).status).toBe(0);
  }, 120_000);

  it('reads the dated exception from the checkout for a release the service cannot be asked for', async () => {
    const dir = project('4.17.20', { packages: {}, notChecked: exception('2026-12-05') });
    const env = { ...envFor(dir), npm_config_registry: 'http://127.0.0.1:9/' };
    const result = await runAudit({ dir, env, release: true, today });
    expect(result.status).toBe(0);
    expect(text(result)).toMatch(/NOT CHECKED: release passing unchecked, excused by a\.operator until 2026-12-05/);
    const later = await runAudit({ dir, env, release: true, today: new Date('2026-12-06T00:00:00Z') });
    expect(later.status).toBe(1);
    expect(text(later)).toMatch(/release refused: the exception by a\.operator ran out on 2026-12-05/);
  }, 120_000);
});
