// @module-tag hardening/input
// Whatever an administrator (or an attacker with write access to the folder) puts in
// a manifest file, the set is either served whole or refused with problems that name the file, a JSON
// pointer into it and the rule; nothing else is thrown, and prototype keys change nothing. A set with
// thousands of problems, or nested thousands deep, is refused at the cost of a hundred (issue 26).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import * as jsonc from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROBLEM_CAP, type Problem } from '@platform/schemas';
import { buildUserManifest } from '../manifests/buildUserManifest.ts';
import { loadManifestSet, type ManifestSet } from '../manifests/loadManifestSet.ts';
import { ManifestSetError } from '../manifests/manifestProblem.ts';
import { ROUTE_MANIFESTS, startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';

// jsonc-parser as it is, but with parseTree counted: how often a file is parsed to locate its problems.
vi.mock('jsonc-parser', async (original) => {
  const real = await original<typeof import('jsonc-parser')>();
  return { ...real, parseTree: vi.fn(real.parseTree) };
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

let dir: string;
let apps: TestApps;
const original = (file: string) => JSON.parse(readFileSync(join(ROUTE_MANIFESTS, file), 'utf8')) as Json;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'manifest-input-'));
  cpSync(ROUTE_MANIFESTS, dir, { recursive: true });
  apps = await startTestApps();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await apps.close();
});

/** Loads the folder with `file` replaced by `value`, written as JSON text (own `__proto__` keys included). */
function loadWith(file: string, value: Json | string): ManifestSet | ManifestSetError {
  writeFileSync(join(dir, file), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  try {
    return loadManifestSet(dir);
  } catch (error) {
    if (error instanceof ManifestSetError) return error;
    throw error;
  } finally {
    cpSync(join(ROUTE_MANIFESTS, file), join(dir, file));
  }
}

/** RFC 6901: the value a JSON pointer names, or undefined when it names nothing. */
function atPointer(doc: Json, pointer: string): Json | undefined {
  if (pointer === '') return doc;
  let node: Json | undefined = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, Json>)[key];
  }
  return node;
}

/** Every place in a document: objects' keys and arrays' items, as paths. */
function places(doc: Json, path: Path = []): Path[] {
  if (doc === null || typeof doc !== 'object') return [path];
  const children = Array.isArray(doc) ? doc.map((v, i) => [i, v] as const) : Object.entries(doc);
  return [path, ...children.flatMap(([k, v]) => places(v, [...path, k]))];
}

/** Sets a key as an own property, even '__proto__', as JSON.parse would. */
const define = (target: object, key: string | number, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

function mutate(doc: Json, path: Path, op: 'replace' | 'delete' | 'add', key: string, value: Json): Json {
  const copy = structuredClone(doc);
  if (path.length === 0) return op === 'replace' ? value : copy;
  const parent = path.slice(0, -1).reduce<Json>((node, k) => (node as Record<string | number, Json>)[k]!, copy) as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (op === 'replace') parent[last] = value;
  else if (op === 'delete') Array.isArray(parent) ? parent.splice(last as number, 1) : delete parent[last];
  else {
    const target = parent[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) define(target, key, value);
  }
  return copy;
}

/** What every refusal must hold: problems that name a file of the set, a pointer into it and a rule. */
function expectUsefulProblems(error: ManifestSetError, docs: Record<string, Json>) {
  expect(error.problems.length).toBeGreaterThan(0);
  for (const p of error.problems) {
    expect(p.rule).toMatch(/\S/);
    expect(p.message).toMatch(/\S/);
    const doc = docs[p.file] ?? original(p.file);
    expect(atPointer(doc, p.pointer), `${p.file} ${p.pointer} [${p.rule}]`).not.toBeUndefined();
    expect(p.line, `${p.file} ${p.pointer} is located in the file`).toBeGreaterThan(0);
  }
}

const staffView = (set: ManifestSet) => {
  const { version: _version, ...rest } = buildUserManifest(
    set,
    { sub: 's', email: 's@x', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
    { environment: 'local', productName: 'P', requestedCustomerId: undefined },
  );
  return rest;
};

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe('manifest files, whatever they hold', () => {
  it('refuses any JSON value that is not a manifest, naming the file, a pointer into it and the rule', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const result = loadWith('lb.json', value as Json);
        expect(result).toBeInstanceOf(ManifestSetError);
        expectUsefulProblems(result as ManifestSetError, { 'lb.json': value as Json });
        for (const p of (result as ManifestSetError).problems) expect(p.file).toBe('lb.json');
      }),
      { numRuns: 150 },
    );
  });

  it('serves an edited manifest whole or refuses it with useful problems, and never throws anything else', () => {
    const hs = original('hs.json');
    const all = places(hs);
    fc.assert(
      fc.property(
        fc.nat({ max: all.length - 1 }),
        fc.constantFrom<'replace' | 'delete' | 'add'>('replace', 'delete', 'add'),
        fc.string({ maxLength: 12 }),
        fc.jsonValue({ maxDepth: 2 }),
        (at, op, key, value) => {
          const edited = mutate(hs, all[at]!, op, key, value as Json);
          const result = loadWith('hs.json', edited);
          if (result instanceof ManifestSetError) expectUsefulProblems(result, { 'hs.json': edited });
          else expect(result.modules.get('hs')).toEqual(edited);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses text that is not JSON with the line and column of the mistake', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }).filter((t) => {
          try {
            JSON.parse(t);
            return false;
          } catch {
            return true;
          }
        }),
        (text) => {
          const result = loadWith('lb.json', text);
          expect(result).toBeInstanceOf(ManifestSetError);
          const [problem] = (result as ManifestSetError).problems;
          expect(problem).toMatchObject({ file: 'lb.json', rule: 'json-syntax' });
          expect(problem!.line).toBeGreaterThan(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("lets '__proto__', 'constructor' and 'prototype' keys, anywhere in a manifest, change nothing", () => {
    const before = staffView(loadManifestSet(ROUTE_MANIFESTS));
    const prototypeBefore = prototypeKeys();
    const refused: string[] = [];
    let attempted = 0;
    for (const file of ['hs.json', 'dash.json', 'shell.json', 'registry.json']) {
      const doc = original(file);
      for (const path of places(doc)) {
        for (const key of ['__proto__', 'constructor', 'prototype']) {
          const edited = mutate(doc, path, 'add', key, { polluted: true, roles: ['customer'], exposure: { roles: ['customer'] } });
          if (JSON.stringify(edited) === JSON.stringify(doc)) continue; // not an object here
          attempted++;
          const result = loadWith(file, edited);
          // Refused with the key named, or accepted and ignored: never a change in what users get.
          if (result instanceof ManifestSetError) {
            expectUsefulProblems(result, { [file]: edited });
            refused.push(`${file}/${path.join('/')}/${key}`);
          } else expect(staffView(result)).toEqual(before);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }
      }
    }
    expect(prototypeKeys()).toEqual(prototypeBefore);
    // The schemas allow no unknown keys, so every one of them is refused rather than ignored.
    expect(attempted).toBeGreaterThan(90);
    expect(refused.length).toBe(attempted);
  });
});

describe('manifest sets that would cost more than they are worth', () => {
  const STAFF = staffToken();
  const folderFiles = () => Object.fromEntries(['registry.json', 'shell.json', 'dash.json', 'hs.json', 'lb.json'].map((f) => [f, original(f)]));
  const post = async (url: string, payload: string | object) =>
    (await apps.app()).inject({ method: 'POST', url, headers: bearer(STAFF, { 'content-type': 'application/json' }), payload });

  it('answers a draft with 8,000 problems with the first 100 of them and a count of the rest', async () => {
    const files = { ...folderFiles(), 'registry.json': { modules: Array(8000).fill(1) } };
    const res = await post('/api/v1/admin/preview', { claims: { role: 'sentient' }, draft: { files } });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json() as Problem;
    expect(problem.code).toBe('CFG_ERR_MANIFEST_INVALID');
    expect(problem.problems).toHaveLength(PROBLEM_CAP);
    expect(problem.problems?.[99]).toMatchObject({ file: 'registry.json', pointer: '/modules/99', rule: 'schema:type', line: 102 });
    expect(problem.moreProblems).toBe(8000 - PROBLEM_CAP);
    expect(problem.detail).toMatch(/8000 problems \(the first 100 listed\)/);
  });

  it('parses each file once to locate its problems, however many it has', () => {
    const parseTree = vi.mocked(jsonc.parseTree);
    parseTree.mockClear();
    const result = loadWith('lb.json', { ...(original('lb.json') as object), routes: Array.from({ length: 300 }, (_, i) => ({ path: `p${i}`, extra: i })) });
    expect(result).toBeInstanceOf(ManifestSetError);
    const error = result as ManifestSetError;
    expect(error.problems).toHaveLength(PROBLEM_CAP);
    expect(error.moreProblems).toBeGreaterThan(0);
    expect(error.moreByFile.get('lb.json')).toBe(error.moreProblems);
    expect(parseTree).toHaveBeenCalledTimes(1);
  });

  it('refuses a body nested 100,000 levels deep with 400 CFG_ERR_BODY_TOO_DEEP, before anything reads it', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const asDraft = `{"claims":{"role":"sentient"},"draft":{"files":{"registry.json":${deep}}}}`;
    for (const [url, payload] of [
      ['/api/v1/admin/preview', asDraft],
      ['/api/v1/admin/preview', deep],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((res.json() as Problem).code).toBe('CFG_ERR_BODY_TOO_DEEP');
    }
  });

  it('refuses a manifest file nested 100,000 levels deep as a problem with its line, not a crash', () => {
    const result = loadWith('lb.json', `{"key":"lb","routes":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(result).toBeInstanceOf(ManifestSetError);
    // The outer object is the first level: the 64th '[' opens the 65th, one too many.
    const column = `{"key":"lb","routes":`.length + 64;
    expect((result as ManifestSetError).problems).toEqual([expect.objectContaining({ file: 'lb.json', rule: 'json-depth', line: 1, column })]);
  });
});
