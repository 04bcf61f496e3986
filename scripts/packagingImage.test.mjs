// The production image cannot be built here: there is no Docker. What can be checked is checked: the
// Dockerfile says what production needs, names only things that exist, and agrees with the code.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageNodeLine } from './imageNode.mjs';
import { buildRuns, buildService, command, execForm, existsInRepo, read, root, runtime, runtimeEnv, runtimeOf, stages } from './packagingFiles.mjs';

describe('Dockerfile', () => {
  it('builds in stages on slim images of one Node line', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const line = imageNodeLine(read('Dockerfile'));
    for (const stage of stages) expect(stage.from).toMatch(new RegExp(`^node:${line}[\\w.-]*-slim\\b`));
  });

  it("runs a Node line every package.json's engines names, and compiles for the oldest one named", () => {
    const line = imageNodeLine(read('Dockerfile'));
    const engines = ['package.json', 'schemas/package.json', 'config-service/package.json', 'web/package.json'].map(
      (file) => JSON.parse(read(file)).engines?.node,
    );
    expect(new Set(engines).size).toBe(1);
    const ranges = engines[0].split('||').map((range) => range.trim());
    expect(ranges.map((range) => /^\^(\d+)\b/.exec(range)?.[1])).toContain(line);
    // The bundle is compiled for the oldest line supported (the development machines').
    const [, major, minor] = /^\^(\d+)\.(\d+)/.exec(ranges[0]);
    expect(read('scripts/buildService.mjs')).toContain(`target: 'node${major}.${minor}'`);
  });

  it('builds the web app and the generated schemas before the runtime stage', () => {
    expect(buildRuns).toMatch(/npm ci\b/);
    expect(buildRuns).toMatch(/npm run build\b/);
    // `npm run build` is what generates the schema copies, builds web/dist and compiles the service.
    expect(JSON.parse(read('package.json')).scripts.build).toMatch(/schemas:generate.*build --workspace @platform\/web.*scripts\/buildService\.mjs/);
    expect(runtimeOf('COPY').map((c) => c.args)).toEqual(expect.arrayContaining([expect.stringMatching(/--from=build \/app\/config-service\/dist\b/)]));
    expect(runtimeOf('COPY').map((c) => c.args)).toEqual(expect.arrayContaining([expect.stringMatching(/--from=build \/app\/web\/dist\b/)]));
  });

  it('installs only production dependencies in the runtime stage', () => {
    const installs = runtimeOf('RUN')
      .map((i) => i.args)
      .filter((args) => /npm (ci|install)\b/.test(args));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/npm ci\b.*--omit=dev/);
  });

  it('runs as a user other than root', () => {
    const users = runtimeOf('USER').map((i) => i.args.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
    const index = (i) => runtime.instructions.indexOf(i);
    expect(index(runtimeOf('USER').at(-1))).toBeLessThan(index(runtimeOf('CMD').at(-1)));
  });

  it('is configured for production and listens on every interface, port 8080', () => {
    expect(runtimeEnv).toMatchObject({ ENVIRONMENT: 'production', HOST: '0.0.0.0', PORT: '8080' });
    expect(runtimeOf('EXPOSE').map((i) => i.args)).toContain('8080');
  });

  it('starts the compiled service with plain node: no TypeScript tool', () => {
    expect(command).toEqual(['node', '--enable-source-maps', 'config-service/dist/server.js']);
    expect(
      runtimeOf('COPY')
        .map((c) => c.args)
        .join('\n'),
    ).not.toMatch(/config-service\/src\s|\.ts\b|tsconfig/);
  });

  it('finds every package the compiled service imports among the production dependencies the runtime stage installs', () => {
    buildService();
    const meta = JSON.parse(read('config-service/dist/server.meta.json'));
    const imported = new Set(
      Object.values(meta.outputs)
        .flatMap((output) => output.imports)
        .filter((i) => i.external && !i.path.startsWith('node:'))
        .map((i) => i.path),
    );
    const packages = [...new Set([...imported].map((name) => (name.startsWith('@') ? name.split('/').slice(0, 2) : name.split('/').slice(0, 1)).join('/')))];
    expect(packages).toContain('fastify');
    // The workspace is compiled in; a TypeScript tool is never needed.
    expect(packages.filter((name) => name.startsWith('@platform/') || name === 'tsx')).toEqual([]);
    const lock = JSON.parse(read('package-lock.json'));
    const notProduction = packages.filter((name) => {
      // Resolved from config-service/dist/: the workspace's own node_modules first, then the hoisted ones.
      const entry = lock.packages[`config-service/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
      return !entry || entry.dev === true || entry.devOptional === true;
    });
    expect(notProduction).toEqual([]);
    // The local-only packages are development dependencies, resolved at run time only when used.
    const service = JSON.parse(read('config-service/package.json'));
    for (const name of ['cognito-local', 'pino-pretty', 'tsx']) expect(service.dependencies).not.toHaveProperty(name);
  });

  it('writes a CycloneDX software bill of materials of the production dependencies with every build', () => {
    expect(buildRuns).toMatch(/npm sbom\b.*--omit=dev.*--sbom-format cyclonedx/);
    expect(runtimeOf('COPY').map((c) => c.args)).toContainEqual(expect.stringMatching(/--from=build \/app\/sbom\.cdx\.json/));
  });

  it('checks its health with node against /healthz', () => {
    const healthchecks = runtimeOf('HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    const [, check] = /\bCMD\s+(\[.*\])$/.exec(healthchecks[0].args);
    const [program, script] = execForm(check);
    expect(program).toBe('node');
    expect(read(script)).toContain('/healthz');
    expect(runtimeOf('COPY').map((c) => c.args)).toContainEqual(expect.stringContaining(script));
  });

  it('copies only what exists, and nothing .dockerignore leaves out', () => {
    const ignored = read('.dockerignore')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const copies = stages.flatMap((s) => s.instructions).filter((i) => i.keyword === 'COPY' && !i.args.includes('--from='));
    const sources = copies
      .flatMap((c) =>
        c.args
          .split(/\s+/)
          .filter((word) => !word.startsWith('--'))
          .slice(0, -1),
      )
      .filter((source) => source !== '.');
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      expect({ source, exists: existsInRepo(source) }).toEqual({ source, exists: true });
      expect(ignored).not.toContain(source.replace(/\/$/, ''));
    }
  });

  it('leaves the host-made and secret files out of the build context', () => {
    const ignored = read('.dockerignore');
    for (const entry of ['.git', '**/node_modules', '**/dist', '.data', '.env']) expect(ignored.split(/\r?\n/)).toContain(entry);
  });

  it('carries what the service reads from its tree: manifests, the screens, the migrations', () => {
    const copied = runtimeOf('COPY')
      .map((c) => c.args)
      .join('\n');
    expect(copied).toMatch(/\broute-manifests\b/);
    expect(copied).toMatch(/\bschemas\/screen-catalogue\.json\b/);
    // The migrations are read from their folder in the sources at start-up, which the image keeps.
    expect(copied).toMatch(/\bconfig-service\/src\/store\/migrations\b/);
    expect(readdirSync(join(root, 'config-service/src/store/migrations')).some((f) => f.endsWith('.sql'))).toBe(true);
  });
});
