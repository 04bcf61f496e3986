import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorSource } from '../../../build/manifestValidators.ts';
import { lineAndColumn } from '@platform/schemas';
import { draftFiles, draftProblems, fileProblems, locatePointer, serviceProblems, type Validators } from './draftProblems.ts';

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

describe('problems of a draft found in the browser', () => {
  it('finds none in a valid module and registry', () => {
    expect(draftProblems({ 'lcc.json': text(manifest), 'registry.json': text({ modules: ['lcc'] }) }, validators)).toEqual([]);
  });

  it('names a syntax error with its file, line and rule, marked where it is', () => {
    const broken = '{\n  "key": "lcc",\n  "name": \n}';
    const [problem] = fileProblems('lcc.json', broken, validators);
    expect(problem).toMatchObject({ file: 'lcc.json', pointer: '', rule: 'json-syntax', line: 4, source: 'browser' });
    expect(problem!.message).toBe('a value is expected at line 4');
  });

  it('names a schema problem with the pointer and rule the service would report', () => {
    const wrong = text({ ...manifest, exposure: { roles: ['sentient'], enabledForNewCustomers: 'no' } });
    const problems = fileProblems('lcc.json', wrong, validators);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'lcc.json', pointer: '/exposure/enabledForNewCustomers', rule: 'schema:type', message: 'must be boolean' });
    expect(wrong.slice(problems[0]!.from, problems[0]!.to)).toBe('"enabledForNewCustomers": "no"');
    expect(lineAndColumn(wrong, problems[0]!.from)).toEqual({ line: problems[0]!.line, column: problems[0]!.column });
  });

  it('says which property is unknown, and checks registry.json against its own schema', () => {
    const extra = fileProblems('lcc.json', text({ ...manifest, exposure: { role: ['sentient'] } }), validators);
    expect(extra.map((p) => [p.pointer, p.rule, p.message])).toEqual([
      ['/exposure', 'schema:additionalProperties', "must NOT have additional properties ('role')"],
    ]);
    const typed = text({ ...manifest, exposure: { role: ['sentient'] } });
    expect(typed.slice(extra[0]!.from, extra[0]!.to)).toBe('"role"');
    expect(fileProblems('registry.json', text({ modules: [] }), validators).map((p) => p.rule)).toEqual(['schema:minItems']);
  });

  it('reports a route without its title as the service does, not the if/then/else around it', () => {
    const routes = [{ path: 'projects', name: 'lcc.projects', screen: 'lcc.projects' }];
    expect(fileProblems('lcc.json', text({ ...manifest, routes }), validators).map((p) => [p.pointer, p.rule])).toEqual([['/routes/0', 'schema:required']]);
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

describe('draft files for the service', () => {
  it('are the parsed files, or nothing while one is not JSON', () => {
    expect(draftFiles({ 'a.json': '{"x": 1}' })).toEqual({ 'a.json': { x: 1 } });
    expect(draftFiles({ 'a.json': '{"x": 1}', 'b.json': '{' })).toBeUndefined();
  });
});
