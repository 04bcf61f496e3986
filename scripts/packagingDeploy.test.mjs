// compose.yaml and deploy/ cannot be run here: there is no Docker. What can be checked is checked: they
// name only things that exist and agree with the image and with one another. nginx's configuration is
// tested by nginx itself where nginx is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_LIMITS } from '../config-service/src/bundles/readBundle.ts';
import { compose, localNginxConf, NGINX, nginxArgs, nginxConf, read, replicas, root, runtimeEnv } from './packagingFiles.mjs';

describe('compose.yaml', () => {
  it('runs PostgreSQL 15 on a volume, checked with pg_isready', () => {
    const db = compose.services.db;
    expect(db.image).toMatch(/^postgres:15\b/);
    expect(db.volumes.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(Object.keys(compose.volumes)).toContain(db.volumes[0].split(':')[0]);
    expect(JSON.stringify(db.healthcheck.test)).toContain('pg_isready');
  });

  it('runs two replicas of the image, each on the database, with the Cognito settings from .env', () => {
    expect(replicas.map(([name]) => name)).toHaveLength(2);
    for (const [name, service] of replicas) {
      expect(service.environment.DATABASE_URL, name).toMatch(/^postgres(ql)?:\/\/[^@]+@db:5432\//);
      expect(service.environment.ENVIRONMENT, name).toBe('production');
      expect([service.env_file].flat(), name).toContain('.env');
      expect(service.depends_on.db, name).toEqual({ condition: 'service_healthy' });
    }
  });

  it('puts nginx in front, with deploy/nginx.conf, once both replicas are healthy', () => {
    const proxy = compose.services.proxy;
    expect(proxy.image).toMatch(/^nginx:/);
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    for (const [name] of replicas) expect(proxy.depends_on[name]).toEqual({ condition: 'service_healthy' });
    // Only the proxy is published: the replicas (and their /metrics) are reached on the internal network.
    expect(
      Object.entries(compose.services)
        .filter(([, service]) => service.ports)
        .map(([name]) => name),
    ).toEqual(['proxy']);
  });

  it('mounts only files that exist', () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('.')) expect({ volume, exists: existsSync(join(root, source)) }).toEqual({ volume, exists: true });
      }
    }
  });

  it('has every variable it needs from .env in deploy/env.example, and nothing the service does not read', () => {
    const example = read('deploy/env.example');
    const given = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    const required = [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)(:?\?[^}]*)\}/g)].map((m) => m[1]);
    for (const name of required) expect(given).toContain(name);
    const configuration = read('docs/configuration.md');
    for (const name of given) expect({ name, known: configuration.includes(`\`${name}\``) || required.includes(name) }).toEqual({ name, known: true });
    for (const name of ['PUBLIC_ORIGIN', 'COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID']) expect(given).toContain(name);
  });
});

describe('deploy/nginx.conf', () => {
  /** The body of the first block opened by `header {`, braces balanced. */
  const block = (header) => {
    const start = nginxConf.indexOf(`${header} {`);
    expect(start, header).toBeGreaterThanOrEqual(0);
    let depth = 0;
    for (let i = nginxConf.indexOf('{', start); i < nginxConf.length; i++) {
      if (nginxConf[i] === '{') depth++;
      if (nginxConf[i] === '}' && --depth === 0) return nginxConf.slice(start, i + 1);
    }
    throw new Error(`unbalanced ${header}`);
  };

  it('balances the load over exactly the replicas compose.yaml runs, on the port the image exposes', () => {
    const servers = [...block('upstream platform').matchAll(/^\s*server\s+(\S+?):(\d+)\b/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(servers.sort()).toEqual(replicas.map(([name]) => `${name}:${runtimeEnv.PORT}`).sort());
  });

  it('passes the client address, scheme and request id on, and the replicas trust exactly this one hop', () => {
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    for (const [name, service] of replicas) expect({ name, hops: service.environment.TRUSTED_PROXY_HOPS }).toEqual({ name, hops: '1' });
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
    expect(nginxConf).toMatch(/proxy_set_header X-Request-Id \$\w+;/);
  });

  it('streams server-sent events unbuffered and keeps them open', () => {
    const events = block('location = /api/v1/events');
    expect(events).toMatch(/proxy_buffering off;/);
    const [, amount, unit] = /proxy_read_timeout (\d+)(s|m|h)?;/.exec(events);
    expect(Number(amount) * { s: 1, m: 60, h: 3600 }[unit ?? 's']).toBeGreaterThanOrEqual(3600);
  });

  it("lets a module bundle upload through up to the service's own limit, and every other body up to 1 MB", () => {
    const megabytes = (text) => Number(/client_max_body_size (\d+)m;/.exec(text)?.[1]);
    const server = block('server');
    const [header] = /location ~ \S+/.exec(server);
    const uploads = block(header);
    const pattern = new RegExp(header.slice('location ~ '.length));
    expect(pattern.test('/api/v1/admin/modules/lcc/bundles/1.4.2')).toBe(true);
    for (const other of ['/api/v1/admin/modules/lcc/bundles', '/api/v1/admin/releases', '/api/v1/admin/modules/lcc/bundles/1.4.2/x'])
      expect(pattern.test(other), other).toBe(false);
    // At least the service's limit, so that it refuses an oversized bundle itself; not far above it.
    expect(megabytes(uploads) * 1024 * 1024).toBeGreaterThanOrEqual(BUNDLE_LIMITS.compressedBytes);
    expect(megabytes(uploads) * 1024 * 1024).toBeLessThanOrEqual(BUNDLE_LIMITS.compressedBytes + 2 * 1024 * 1024);
    expect(megabytes(server.replace(uploads, ''))).toBe(1);
  });

  it("answers nginx's own 413, 502 and 504 in problem+json", () => {
    for (const status of [413, 502, 504]) {
      const [, name] = new RegExp(`error_page ${status} (@\\w+);`).exec(nginxConf) ?? [];
      expect(name, String(status)).toBeDefined();
      const page = block(`location ${name}`);
      expect(page).toMatch(/default_type application\/problem\+json;/);
      const [, answered, body] = /return (\d+) '([^']*)';/.exec(page);
      expect(Number(answered)).toBe(status);
      expect(JSON.parse(body)).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
    }
  });

  it('does not serve /metrics', () => {
    expect(block('location = /metrics')).toMatch(/return 404;/);
  });

  it('hides readiness and the API document from the internet', () => {
    expect(block('location = /readyz')).toMatch(/return 404;/);
    expect(block('location ^~ /api/docs')).toMatch(/return 404;/);
  });

  it('logs paths without their query strings, which carry sign-in codes, states and signatures', () => {
    const formats = [...nginxConf.matchAll(/^\s*log_format\s+\S+((?:\s+'[^']*')+)\s*;/gm)].map((m) => m[1]);
    expect(formats.length).toBeGreaterThanOrEqual(1);
    for (const format of formats) {
      expect(format).toContain('$uri');
      expect(format.match(/\$(request|request_uri|args|query_string|is_args|arg_\w+)\b/g)).toBeNull();
    }
    // Every access log names one of those formats: nginx's own default (`combined`) logs $request.
    const names = [...nginxConf.matchAll(/^\s*log_format\s+(\S+)/gm)].map((m) => m[1]);
    for (const [, path, format] of nginxConf.matchAll(/^\s*access_log\s+(\S+)\s*(\S*?);/gm)) if (path !== 'off') expect(names, path).toContain(format);
  });
});

describe.skipIf(!existsSync(NGINX))('deploy/nginx.conf under nginx', () => {
  it('passes nginx -t', () => {
    const folder = mkdtempSync(join(tmpdir(), 'nginx-conf-'));
    try {
      const file = localNginxConf(folder, { upstream: '127.0.0.1:8080', listen: '127.0.0.1:8080' });
      const result = spawnSync(NGINX, ['-t', ...nginxArgs(folder, file)], { encoding: 'utf8' });
      expect(result.stderr).toContain('test is successful');
      expect(result.status).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
