import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifestSet } from './loadManifestSet.ts';
import { formatProblem, ManifestSetError, type LocatedProblem } from './manifestProblem.ts';
import { readScreenCatalogue } from './screenCatalogue.ts';
import type { ScreenCatalogue } from './validateManifestSet.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const realDir = new URL('../../../route-manifests', import.meta.url).pathname;

/** A copy of the real manifests with one file changed by `edit`. */
// biome-ignore lint/suspicious/noExplicitAny: edits break the document on purpose, so no schema type fits it
function withEdit(file: string, edit: (doc: any) => void): string {
  const dir = tempFolder('manifests-');
  cpSync(realDir, dir, { recursive: true });
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  edit(doc);
  writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
  return dir;
}

function problemsOf(dir: string, screens?: ScreenCatalogue): LocatedProblem[] {
  try {
    loadManifestSet(dir, { screens });
  } catch (error) {
    if (error instanceof ManifestSetError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadManifestSet', () => {
  it('loads the real manifests: 15 modules in the spec table order, plus dash and shell', () => {
    const set = loadManifestSet(realDir);
    expect(set.registry).toEqual(['mb', 'mr', 'lcc', 'hs', 'lx', 'lb', 'cs', 'cd', 'ai', 'rail', 'am', 'pi', 'ig', 'mp', 'td']);
    expect([...set.modules.keys()].sort()).toEqual([...set.registry, 'dash', 'shell'].sort());
    expect(set.release).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows breadcrumbs in mb, mr, lcc, hs, pi and ig only', () => {
    const set = loadManifestSet(realDir);
    const withCrumbs = [...set.modules.values()]
      .filter((m) => m.breadcrumbs)
      .map((m) => m.key)
      .sort();
    expect(withCrumbs).toEqual(['hs', 'ig', 'lcc', 'mb', 'mr', 'pi']);
  });

  it('gives a new version when any file changes', () => {
    const before = loadManifestSet(realDir).release;
    const after = loadManifestSet(withEdit('lb.json', (d) => (d.name = 'Leaders'))).release;
    expect(after).not.toBe(before);
  });

  it('names the file, the JSON pointer and the rule of a schema error', () => {
    const problems = problemsOf(withEdit('hs.json', (d) => (d.routes[3].path = 'sites/{site_id}')));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'hs.json', pointer: '/routes/3/path', rule: 'schema:pattern' }));
  });

  it('reports a route without a screen as a missing required property', () => {
    const problems = problemsOf(withEdit('lb.json', (d) => delete d.routes[0].screen));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'lb.json', pointer: '/routes/0', rule: 'schema:required' }));
  });

  it('rejects a path two modules serve unless a manifest declares it', () => {
    const problems = problemsOf(withEdit('dash.json', (d) => delete d.routes[1].sharedWith));
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'dash.json', pointer: '/routes/1', rule: 'path-collision', message: expect.stringContaining('module hs') }),
    );
  });

  it('rejects a redirect to a route no manifest defines', () => {
    const problems = problemsOf(withEdit('ig.json', (d) => (d.routes[0].redirect = 'ig.nowhere')));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'ig.json', pointer: '/routes/0/redirect', rule: 'redirect-target' }));
  });

  it('names a parameter a path repeats, and still knows every parameter after it', () => {
    const problems = problemsOf(
      withEdit('lb.json', (d) => {
        d.routes[0].path = ':board/:board/:season';
        d.routes[0].title = 'Board {season}';
      }),
    );
    expect(problems.filter((p) => p.rule === 'duplicate-parameter').map((p) => p.pointer)).toEqual(['/routes/0/path']);
    expect(problems.filter((p) => p.rule === 'title-parameter')).toEqual([]);
  });

  it('rejects a duplicate route name across files', () => {
    const problems = problemsOf(withEdit('lb.json', (d) => (d.routes[0].name = 'hs.sites')));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'lb.json', rule: 'duplicate-route-name' }));
  });

  it('rejects an address the service answers itself (API, identity, built files)', () => {
    const problems = problemsOf(withEdit('lb.json', (d) => (d.baseUrl = '/assets')));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'lb.json', pointer: '/routes/0/path', rule: 'reserved-path' }));
    expect(problemsOf(withEdit('lb.json', (d) => (d.baseUrl = '/assets-register'))).filter((p) => p.rule === 'reserved-path')).toEqual([]);
  });

  it('rejects a title placeholder the path does not provide', () => {
    const problems = problemsOf(withEdit('lx.json', (d) => (d.routes[1].title = 'Asset {asset}')));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'lx.json', pointer: '/routes/1/title', rule: 'title-parameter' }));
  });

  it('rejects two defaults among siblings', () => {
    const problems = problemsOf(withEdit('ai.json', (d) => (d.routes[1].default = true)));
    expect(problems).toContainEqual(expect.objectContaining({ file: 'ai.json', rule: 'multiple-defaults' }));
  });

  it('rejects invalid JSON with the parser message', () => {
    const dir = withEdit('lb.json', () => {});
    writeFileSync(join(dir, 'lb.json'), '{ "key": ');
    expect(problemsOf(dir)).toContainEqual(expect.objectContaining({ file: 'lb.json', rule: 'json-syntax' }));
  });

  it('says on which line and column of the file a problem is, with a hint', () => {
    const dir = withEdit('ig.json', (d) => (d.routes[0].redirect = 'ig.nowhere'));
    const [problem] = problemsOf(dir);
    const lines = readFileSync(join(dir, 'ig.json'), 'utf8').split('\n');
    expect(problem).toMatchObject({ file: 'ig.json', pointer: '/routes/0/redirect', rule: 'redirect-target' });
    expect(lines[(problem?.line ?? 0) - 1]?.slice((problem?.column ?? 0) - 1)).toMatch(/^"redirect": "ig.nowhere"/);
    expect(problem?.hint).toBe('name an existing route of the same module');
    expect(formatProblem(problem!)).toContain(`ig.json:${problem?.line}:${problem?.column} /routes/0/redirect [redirect-target]`);
  });

  it('points a JSON syntax error at its line and column', () => {
    const dir = withEdit('lb.json', () => {});
    writeFileSync(join(dir, 'lb.json'), '{\n  "key": "lb",\n  "name": "Leaderboard"\n  "baseUrl": "/leaderboard"\n}\n');
    expect(problemsOf(dir)).toContainEqual(expect.objectContaining({ file: 'lb.json', rule: 'json-syntax', line: 4, column: 3 }));
  });

  it('points a missing required property at the object that lacks it', () => {
    const [problem] = problemsOf(withEdit('lb.json', (d) => delete d.routes[0].screen));
    expect(problem).toMatchObject({ rule: 'schema:required', line: expect.any(Number), hint: expect.stringContaining('add the missing property') });
  });

  it("accepts the real manifests against the web app's screen catalogue", () => {
    expect(problemsOf(realDir, readScreenCatalogue())).toEqual([]);
  });

  it("rejects a frame screen the web app does not have, and a module using another module's screen", () => {
    const screens = readScreenCatalogue();
    expect(
      problemsOf(
        withEdit('shell.json', (d) => (d.routes[1].screen = 'shell.loadingx')),
        screens,
      ),
    ).toContainEqual(expect.objectContaining({ file: 'shell.json', pointer: '/routes/1/screen', rule: 'unknown-screen' }));
    expect(
      problemsOf(
        withEdit('lb.json', (d) => (d.routes[0].screen = 'hs.sites')),
        screens,
      ),
    ).toContainEqual(
      expect.objectContaining({ file: 'lb.json', rule: 'unknown-screen', message: "screen 'hs.sites' belongs to namespace 'hs', not to module 'lb'" }),
    );
  });
});
