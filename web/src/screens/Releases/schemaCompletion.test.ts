import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { moduleManifestSchema } from '@platform/schemas';
import { schemaAt, schemaCompletion } from './schemaCompletion.ts';

/** Completions at the `|` in `doc`, as if asked for with Ctrl-Space. */
function complete(doc: string): CompletionResult | null {
  const pos = doc.indexOf('|');
  const state = EditorState.create({ doc: doc.replace('|', ''), extensions: [json()] });
  ensureSyntaxTree(state, state.doc.length, 5_000);
  return schemaCompletion(moduleManifestSchema)(new CompletionContext(state, pos, true)) as CompletionResult | null;
}
const labels = (result: CompletionResult | null) => result?.options.map((o) => o.label) ?? [];

describe('completion from the module manifest schema', () => {
  it('finds the schema of a nested value through $defs', () => {
    expect(schemaAt(moduleManifestSchema, ['routes', 0, 'children', 2, 'access'])?.enum).toEqual(['signedIn', 'public', 'guest', 'demoOrLocal']);
    expect(schemaAt(moduleManifestSchema, ['nope'])).toBeUndefined();
  });

  it('offers the top-level properties not written yet, with their descriptions', () => {
    const result = complete('{"key": "lcc", |}');
    expect(labels(result)).toEqual(['$schema', 'name', 'baseUrl', 'breadcrumbs', 'exposure', 'bundle', 'routes']);
    expect(result?.options.find((o) => o.label === 'exposure')?.info).toMatch(/Who may be shown the module/);
    expect(result?.options[0]?.apply).toBe('"$schema": ');
  });

  it('offers exposure rules inside exposure, and a route’s properties inside a route', () => {
    expect(labels(complete('{"exposure": {"roles": [], "|'))).toEqual(['environments', 'enabledForNewCustomers']);
    expect(labels(complete('{"routes": [{"path": "x"}, {"ti|'))).toContain('title');
    expect(labels(complete('{"routes": [{"path": "x", "children": [{|}]}]}'))).toContain('showNistWarning');
  });

  it('matches what is typed after the opening quote, and takes in the closing quote typed already', () => {
    const result = complete('{"bre|"}');
    expect(labels(result)).toContain('breadcrumbs');
    expect(result).toMatchObject({ from: 2, to: 5 });
    expect(typeof result?.options.find((o) => o.label === 'breadcrumbs')?.apply).toBe('function');
  });

  it('offers the values a property allows', () => {
    expect(labels(complete('{"routes": [{"access": |'))).toEqual(['signedIn', 'public', 'guest', 'demoOrLocal']);
    expect(complete('{"routes": [{"access": |')?.options[0]?.apply).toBe('"signedIn"');
    expect(complete('{"routes": [{"access": "gu|"')).toMatchObject({
      from: 24,
      to: 26,
      options: expect.arrayContaining([expect.objectContaining({ label: 'guest' })]),
    });
    expect(labels(complete('{"exposure": {"enabledForNewCustomers": |}}'))).toEqual(['true', 'false']);
    expect(complete('{"name": |')).toBeNull();
  });
});
