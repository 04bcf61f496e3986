// Benchmark 3: what the web shell weighs. Builds web/dist from the current source, opens the login
// page in Chromium and counts the scripts and style sheets it requested before its form could be
// used; signs in and counts what the first module screen added. Bytes are the gzip copies the build
// writes (level 9), the figure the budget is in; the brotli copies the service really sends are beside
// them. The bundle report (web/build-report/bundle.json, rollup-plugin-visualizer) names what is in
// those bytes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { startService } from '../config-service/src/testing/serviceProcess.ts';
import { launchChromium } from './support/browser.ts';
import { fmt, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const ACCOUNT = { email: 'engineer@acme.example', password: 'Demo-Passw0rd!' };
const BUDGET_KB = 150;
/**
 * The login page before issue 28 (BENCHMARKS.md, "Issue 30": 150.5 KB gzip at the merge of issue 30,
 * the commit issue 28's web side started from); module bundles may add at most 2 KB to it.
 */
const BEFORE_BUNDLES_KB = 150.5;
const BUNDLES_ALLOWANCE_KB = 2;
/** 1 KB = 1000 bytes here: of the two readings of the budget, the stricter. */
const KB = 1000;

interface FileWeight {
  path: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** A built file's sizes: its own, and its compressed copies (made here if the build made none). */
function weigh(dist: string, path: string): FileWeight {
  const file = join(dist, path);
  const content = readFileSync(file);
  const size = (copy: string, make: () => number) => (existsSync(copy) ? statSync(copy).size : make());
  return {
    path,
    raw: content.length,
    gzip: size(`${file}.gz`, () => gzipSync(content, { level: 9 }).length),
    brotli: size(`${file}.br`, () => content.length),
  };
}

const sum = (files: readonly FileWeight[], key: 'raw' | 'gzip' | 'brotli') => files.reduce((s, f) => s + f[key], 0);

/** The scripts and style sheets the page asks for from now on, by path, in the order asked. */
function recordAssets(page: Page, origin: string): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && /\.(js|css)$/.test(url.pathname) && !paths.includes(url.pathname)) paths.push(url.pathname);
  });
  return paths;
}

interface VisualizerData {
  tree: { children: Array<{ name: string; children?: unknown[] }> };
  nodeParts: Record<string, { metaUid: string; renderedLength: number; gzipLength: number }>;
  nodeMetas: Record<string, { id: string }>;
}

/** Where a module comes from, as a reader would name it: an npm package or a folder of web/src. */
function origin(id: string): string {
  const nodeModules = id.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const [scope, name] = id.slice(nodeModules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const src = id.indexOf('/src/');
  if (src >= 0)
    return `web/${id
      .slice(src + 1)
      .split('/')
      .slice(0, 2)
      .join('/')}`;
  return id.replace(/^\0/, '');
}

interface Contributor {
  origin: string;
  rendered: number;
  gzip: number;
  chunks: Set<string>;
}

/** The modules in the given chunks, added up by package or source folder, biggest first. */
function contributors(report: VisualizerData, chunkPaths: readonly string[]): Contributor[] {
  const byOrigin = new Map<string, Contributor>();
  const visit = (node: unknown, chunk: string) => {
    const n = node as { uid?: string; children?: unknown[] };
    if (n.uid) {
      const part = report.nodeParts[n.uid]!;
      const key = origin(report.nodeMetas[part.metaUid]!.id);
      const c = byOrigin.get(key) ?? { origin: key, rendered: 0, gzip: 0, chunks: new Set<string>() };
      c.rendered += part.renderedLength;
      c.gzip += part.gzipLength;
      c.chunks.add(chunk);
      byOrigin.set(key, c);
    }
    for (const child of n.children ?? []) visit(child, chunk);
  };
  for (const chunk of report.tree.children) if (chunkPaths.includes(`/${chunk.name}`)) visit(chunk, chunk.name.replace(/^assets\//, ''));
  return [...byOrigin.values()].sort((a, b) => b.gzip - a.gzip);
}

/** Which chunk holds the code of each screen folder and of the frame: one module's screens, one chunk. */
function screenChunks(report: VisualizerData): Record<string, string[]> {
  const holders: Record<string, Set<string>> = {};
  const visit = (node: unknown, chunk: string) => {
    const n = node as { uid?: string; children?: unknown[] };
    if (n.uid) {
      const id = report.nodeMetas[report.nodeParts[n.uid]!.metaUid]!.id;
      const screen = /\/src\/(screens\/[A-Z][A-Za-z]+\/|app\/AppFrame\.tsx)/.exec(id)?.[1]?.replace(/(\/|\.tsx)$/, '');
      if (screen) (holders[screen] ??= new Set()).add(chunk);
    }
    for (const child of n.children ?? []) visit(child, chunk);
  };
  for (const chunk of report.tree.children) visit(chunk, chunk.name.replace(/^assets\//, ''));
  return Object.fromEntries(
    Object.keys(holders)
      .sort()
      .map((screen) => [screen, [...holders[screen]!].sort()]),
  );
}

/**
 * The files that exist for module bundles (issue 28): the shared files and what the import map
 * names beside them (web/dist/importmap.json), and every chunk holding the bundle loader or the SDK's
 * implementation (web/src/app/bundles, web/src/moduleRuntime). None may be fetched before sign-in.
 */
function bundleFiles(dist: string, report: VisualizerData): Set<string> {
  const map = JSON.parse(readFileSync(join(dist, 'importmap.json'), 'utf8')) as { imports: Record<string, string>; integrity: Record<string, string> };
  const files = new Set([...Object.values(map.imports), ...Object.keys(map.integrity)]);
  const visit = (node: unknown, chunk: string) => {
    const n = node as { uid?: string; children?: unknown[] };
    if (n.uid && /\/src\/(app\/bundles|moduleRuntime)\//.test(report.nodeMetas[report.nodeParts[n.uid]!.metaUid]!.id)) files.add(`/${chunk}`);
    for (const child of n.children ?? []) visit(child, chunk);
  };
  for (const chunk of report.tree.children) visit(chunk, chunk.name);
  return files;
}

const benchmark: Benchmark = {
  name: 'weight',
  title: 'Web shell weight: scripts and styles before the login page and the first module screen',
  async run({ root, log }) {
    log('building web/dist from the current source (npm run build)');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    const dist = join(root, 'web/dist');
    const report = JSON.parse(readFileSync(join(root, 'web/build-report/bundle.json'), 'utf8')) as VisualizerData;

    const dir = mkdtempSync(join(tmpdir(), 'bench-weight-'));
    const service = await startService({ cpu: 0, logFile: join(dir, 'service.log'), env: { LOG_LEVEL: 'info', WEB_DIST: dist } });
    const { browser, pinnedTo } = await launchChromium({ cpu: 1 });
    log(`service on CPU 0 at ${service.base}; Chromium ${pinnedTo === undefined ? 'unpinned' : `on CPU ${pinnedTo}`}; logs in ${dir}`);
    let loginPaths: string[];
    let landingPaths: string[];
    let landing: { path: string; heading: string };
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const requested = recordAssets(page, service.base);
      await page.goto(`${service.base}/login`);
      // Interactive: the form is there and its button takes a press.
      const signIn = page.getByRole('button', { name: 'Sign in' });
      await signIn.waitFor();
      await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('button[type=submit]')?.disabled === false);
      loginPaths = [...requested];
      await page.getByLabel('Email').fill(ACCOUNT.email);
      await page.getByLabel('Password').fill(ACCOUNT.password);
      await signIn.click();
      await page.waitForFunction(() => {
        const h1 = document.querySelector('main h1')?.textContent;
        return !location.pathname.startsWith('/login') && h1 && h1 !== 'Loading…';
      });
      // The frame's own requests (its live-update stream, the user's data) settle after the heading.
      await page.waitForLoadState('networkidle').catch(() => undefined);
      landing = { path: new URL(page.url()).pathname, heading: (await page.locator('main h1').textContent()) ?? '' };
      landingPaths = requested.filter((path) => !loginPaths.includes(path));
      await context.close();
    } finally {
      await browser.close();
      await service.stop();
    }

    const loginFiles = loginPaths.map((path) => weigh(dist, path));
    const landingFiles = landingPaths.map((path) => weigh(dist, path));
    const loginGzip = sum(loginFiles, 'gzip');
    const bundleOnly = bundleFiles(dist, report);
    const bundleFilesBeforeSignIn = loginPaths.filter((path) => bundleOnly.has(path));
    const landingGzip = sum(landingFiles, 'gzip');
    const top = contributors(report, loginPaths).slice(0, 12);
    const topAfter = contributors(report, landingPaths).slice(0, 8);
    const chunksOfScreens = screenChunks(report);
    const kb = (bytes: number) => fmt(bytes / KB);
    const fileRows = (files: FileWeight[], when: string) => files.map((f) => [f.path.replace(/^\/assets\//, ''), when, kb(f.raw), kb(f.gzip), kb(f.brotli)]);
    const contributorRows = (list: Contributor[]) => list.map((c) => [c.origin, kb(c.rendered), kb(c.gzip), [...c.chunks].join(', ')]);

    return {
      figures: {
        unit: 'bytes',
        login: { files: loginFiles, raw: sum(loginFiles, 'raw'), gzip: loginGzip, brotli: sum(loginFiles, 'brotli') },
        firstModuleScreen: {
          landing,
          added: { files: landingFiles, raw: sum(landingFiles, 'raw'), gzip: landingGzip, brotli: sum(landingFiles, 'brotli') },
          totalGzip: loginGzip + landingGzip,
        },
        screenChunks: chunksOfScreens,
        moduleBundles: { files: [...bundleOnly].sort(), fetchedByLoginPage: bundleFilesBeforeSignIn, loginBeforeKb: BEFORE_BUNDLES_KB },
        biggestContributors: top.map((c) => ({ origin: c.origin, rendered: c.rendered, gzip: c.gzip, chunks: [...c.chunks] })),
      },
      targets: [
        target('login page scripts and styles (gzip)', loginGzip / KB, 'max', BUDGET_KB, ' KB'),
        target(
          `login page (gzip) within ${BUNDLES_ALLOWANCE_KB} KB of before module bundles`,
          loginGzip / KB,
          'max',
          BEFORE_BUNDLES_KB + BUNDLES_ALLOWANCE_KB,
          ' KB',
        ),
        target('module-bundle files (loader, SDK, shared wrappers) fetched by the login page', bundleFilesBeforeSignIn.length, 'max', 0),
      ],
      report: [
        `The login page fetched ${loginFiles.length} files, **${kb(loginGzip)} KB gzip** (${kb(sum(loginFiles, 'brotli'))} KB as the service sends them, brotli; ${kb(sum(loginFiles, 'raw'))} KB uncompressed) before its form took input. Signing in as ${ACCOUNT.email} added ${landingFiles.length} files, **${kb(landingGzip)} KB gzip**: the sign-in code the form fetches once it takes focus, then the frame and screens of the first module screen (${landing.path}, "${landing.heading}"): ${kb(loginGzip + landingGzip)} KB in all. KB = 1000 bytes.`,
        '',
        ...table(
          ['file', 'fetched for', 'raw KB', 'gzip KB', 'brotli KB'],
          [...fileRows(loginFiles, 'login page'), ...fileRows(landingFiles, 'sign-in, first module screen')],
        ),
        '',
        'Biggest contributors to the login page (bundle report; each module gzipped alone, so these add up to more than the files):',
        '',
        ...table(['package or folder', 'rendered KB, unminified', 'gzip KB', 'chunks'], contributorRows(top)),
        '',
        'What the first module screen added:',
        '',
        ...table(['package or folder', 'rendered KB, unminified', 'gzip KB', 'chunks'], contributorRows(topAfter)),
        '',
        `Module bundles (issue 28): the login page is ${kb(loginGzip)} KB gzip against ${fmt(BEFORE_BUNDLES_KB)} KB before them (${loginGzip / KB - BEFORE_BUNDLES_KB >= 0 ? '+' : ''}${fmt(loginGzip / KB - BEFORE_BUNDLES_KB)} KB; allowance ${BUNDLES_ALLOWANCE_KB} KB). Of the ${bundleOnly.size} files that exist for them (the import map's shared files and what it names beside them, the loader's and the SDK's chunks: ${[
          ...bundleOnly,
        ]
          .map((p) => p.replace(/^\/assets\//, ''))
          .sort()
          .join(', ')}), the login page fetched ${bundleFilesBeforeSignIn.length ? bundleFilesBeforeSignIn.join(', ') : 'none'}.`,
        '',
        'Chunk of each screen folder:',
        '',
        ...table(
          ['screens', 'chunk'],
          Object.entries(chunksOfScreens).map(([screen, chunks]) => [screen, chunks.join(', ')]),
        ),
      ],
      notes: [
        'Counted: every script and style sheet the page requested from the service until the login form was there with its button enabled; then, from typing into the form to the landing screen showing its h1 with the network quiet.',
      ],
    };
  },
};

export default benchmark;
