import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as jsonc from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validatorSource } from '../../../build/manifestValidators.ts';
import { lineAndColumn, MAX_JSON_DEPTH, PROBLEM_CAP } from '@platform/schemas';
import { draftProblems, serviceProblems, type Validators } from './draftProblems.ts';
import { TypedFile } from './typedFile.ts';

// jsonc-parser as it is, but with its parsers counted: how often a file is parsed to find and place its problems.
vi.mock('jsonc-parser', async (original) => {
  const real = await original<typeof import('jsonc-parser')>();
  return { ...real, parse: vi.fn(real.parse), parseTree: vi.fn(real.parseTree) };
});

// The validators exactly as the build makes them (eval-free code), loaded from a file where their
// imports of Ajv's runtime helpers resolve.
const dir = join(import.meta.dirname, '../../../../node_modules/.cache/manifest-validators-test');
let validators: Validators;
beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `validators-${process.pid}.mjs`);
  writeFileSync(file, validatorSource());
  validators = (await import(pathToFileURL(file).href)) as Validators;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const manifest = {
  key: 'lcc',
  name: 'Life Cycle Cost',
  baseUrl: '/life-cost',
  breadcrumbs: true,
  routes: [{ path: 'projects', name: 'lcc.projects', screen: 'lcc.projects', title: 'Projects' }],
};
const text = (value: unknown) => JSON.stringify(value, null, 2);
const fileProblems = (file: string, typed: string) => draftProblems({ [file]: typed }, validators).kept;
const locatePointer = (typed: string, pointer: string) => new TypedFile('lcc.json', typed).mark(pointer);

describe('problems of a draft found in the browser', () => {
  it('finds none in a valid module and registry', () => {
    const found = draftProblems({ 'lcc.json': text(manifest), 'registry.json': text({ modules: ['lcc'] }) }, validators);
    expect([found.kept, found.more]).toEqual([[], 0]);
  });

  it('names a syntax error with its file, line and rule, marked where it is', () => {
    const broken = '{\n  "key": "lcc",\n  "name": \n}';
    const [problem] = fileProblems('lcc.json', broken);
    expect(problem).toMatchObject({ file: 'lcc.json', pointer: '', rule: 'json-syntax', line: 4, source: 'browser' });
    expect(problem!.message).toBe('a value is expected at line 4');
  });

  it('names a schema problem with the pointer and rule the service would report', () => {
    const wrong = text({ ...manifest, exposure: { roles: ['sentient'], enabledForNewCustomers: 'no' } });
    const problems = fileProblems('lcc.json', wrong);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'lcc.json', pointer: '/exposure/enabledForNewCustomers', rule: 'schema:type', message: 'must be boolean' });
    expect(wrong.slice(problems[0]!.from, problems[0]!.to)).toBe('"enabledForNewCustomers": "no"');
    expect(lineAndColumn(wrong, problems[0]!.from)).toEqual({ line: problems[0]!.line, column: problems[0]!.column });
  });

  it('says which property is unknown, and checks registry.json against its own schema', () => {
    const extra = fileProblems('lcc.json', text({ ...manifest, exposure: { role: ['sentient'] } }));
    expect(extra.map((p) => [p.pointer, p.rule, p.message])).toEqual([
      ['/exposure', 'schema:additionalProperties', "must NOT have additional properties ('role')"],
    ]);
    const typed = text({ ...manifest, exposure: { role: ['sentient'] } });
    expect(typed.slice(extra[0]!.from, extra[0]!.to)).toBe('"role"');
    expect(fileProblems('registry.json', text({ modules: [] })).map((p) => p.rule)).toEqual(['schema:minItems']);
  });

  it('reports a route without its title as the service does, not the if/then/else around it', () => {
    const routes = [{ path: 'projects', name: 'lcc.projects', screen: 'lcc.projects' }];
    expect(fileProblems('lcc.json', text({ ...manifest, routes })).map((p) => [p.pointer, p.rule])).toEqual([['/routes/0', 'schema:required']]);
  });
});

describe('a draft with thousands of problems', () => {
  const parses = () => vi.mocked(jsonc.parseTree).mock.calls.length + vi.mocked(jsonc.parse).mock.calls.length;
  const registryOf = (n: number) => text({ modules: Array(n).fill(1) });

  it('lists the first 100, counts the rest, and parses each file once', () => {
    vi.mocked(jsonc.parseTree).mockClear();
    vi.mocked(jsonc.parse).mockClear();
    const found = draftProblems({ 'lcc.json': text(manifest), 'registry.json': registryOf(8000) }, validators);
    expect(found.kept).toHaveLength(PROBLEM_CAP);
    expect(found.kept[99]).toMatchObject({ file: 'registry.json', pointer: '/modules/99', rule: 'schema:type', line: 102, column: 5 });
    expect(found.more).toBe(8000 - PROBLEM_CAP);
    expect(parses()).toBe(2);
  });

  it('counts the problems of the files after the first 100 by file, so their forms stay closed', () => {
    const wrongRoutes = text({ ...manifest, routes: Array.from({ length: 5 }, () => ({ path: 'x' })) });
    const found = draftProblems({ 'registry.json': registryOf(150), 'zz.json': wrongRoutes }, validators);
    expect(found.kept.every((p) => p.file === 'registry.json')).toBe(true);
    expect(found.moreByFile.get('registry.json')).toBe(50);
    expect(found.moreByFile.get('zz.json')).toBeGreaterThan(0);
  });

  it('caps syntax errors the same way, placing each without parsing again', () => {
    vi.mocked(jsonc.parseTree).mockClear();
    vi.mocked(jsonc.parse).mockClear();
    const found = draftProblems({ 'registry.json': `{"modules": [${'"a" '.repeat(3000)}]}` }, validators);
    expect(found.kept).toHaveLength(PROBLEM_CAP);
    expect(found.kept.every((p) => p.rule === 'json-syntax' && p.line === 1)).toBe(true);
    expect(found.kept.length + found.more).toBe(2999);
    expect(parses()).toBe(1);
  });

  it('refuses a file nested 100,000 levels deep as the service does, without parsing it', () => {
    vi.mocked(jsonc.parseTree).mockClear();
    vi.mocked(jsonc.parse).mockClear();
    const deep = `{"modules": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const found = draftProblems({ 'registry.json': deep }, validators);
    // Marked at the bracket that opens level 65: the object is level 1, so the 64th bracket.
    const at = deep.indexOf('[') + MAX_JSON_DEPTH - 1;
    expect(found.kept).toEqual([
      expect.objectContaining({
        rule: 'json-depth',
        message: `objects and arrays nest more than ${MAX_JSON_DEPTH} levels deep`,
        from: at,
        line: 1,
        column: at + 1,
      }),
    ]);
    expect(parses()).toBe(0);
  });
});

describe('where a pointer is in the text as typed', () => {
  const typed = '{"key": "lcc",\n"routes": [ {"path": "x"} ]}';
  it('marks the property it names, or the opening of the nearest container that exists', () => {
    const at = locatePointer(typed, '/routes/0/path');
    expect(typed.slice(at.from, at.to)).toBe('"path": "x"');
    const missing = locatePointer(typed, '/routes/0/title');
    expect(typed.slice(missing.from, missing.to)).toBe('{');
    const container = locatePointer(typed, '/routes');
    expect(typed.slice(container.from, container.to)).toBe('"routes"');
    const root = locatePointer(typed, '');
    expect(typed.slice(root.from, root.to)).toBe('{');
  });

  it('places the service’s problems in the typed text, keeping its hint', () => {
    const [problem] = serviceProblems(
      [{ file: 'lcc.json', pointer: '/key', rule: 'unknown-module', message: 'not in registry', hint: 'add it', line: 2, column: 3 }],
      { 'lcc.json': typed },
    );
    expect(problem).toMatchObject({ line: 1, column: 2, hint: 'add it', source: 'service' });
  });
});
