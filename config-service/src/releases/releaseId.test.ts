import { describe, expect, it } from 'vitest';
import { canonicalJson, idOfContent, legacyIdOf, releaseId } from './releaseId.ts';

describe('releaseId', () => {
  it('is the same for the same content written with other key order or whitespace', () => {
    const a = { 'hs.json': { key: 'hs', routes: [{ path: '', title: 'Sites' }] }, 'registry.json': { modules: ['hs'] } };
    const b = JSON.parse(`{"registry.json":{ "modules" : ["hs"] },"hs.json":{"routes":[{"title":"Sites","path":""}],"key":"hs"}}`) as Record<string, unknown>;
    expect(releaseId(b)).toBe(releaseId(a));
    expect(releaseId(a)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes with any value, with array order and with a file name', () => {
    const base = { 'registry.json': { modules: ['hs', 'mr'] } };
    expect(releaseId({ 'registry.json': { modules: ['mr', 'hs'] } })).not.toBe(releaseId(base));
    expect(releaseId({ 'registry2.json': { modules: ['hs', 'mr'] } })).not.toBe(releaseId(base));
    expect(releaseId({ 'registry.json': { modules: ['hs', 'mr'], x: null } })).not.toBe(releaseId(base));
  });

  it('writes strings as JSON does, so a key holding a quote cannot forge another structure', () => {
    expect(canonicalJson({ 'a","b': 1 })).toBe('{"a\\",\\"b":1}');
    expect(canonicalJson([1, 'x', null, true, { b: 2, a: [] }])).toBe('[1,"x",null,true,{"a":[],"b":2}]');
  });

  it('is 128 bits of the hash; a stored 12-digit id is the same content only when it begins the new one', () => {
    const files = { 'registry.json': { modules: ['hs'] } };
    const id = releaseId(files);
    expect(id).toHaveLength(32);
    expect(idOfContent(id, id)).toBe(true);
    expect(idOfContent(legacyIdOf(id), id)).toBe(true);
    expect(idOfContent(id.slice(0, 13), id)).toBe(false);
    expect(idOfContent(releaseId({ 'registry.json': { modules: [] } }).slice(0, 12), id)).toBe(false);
  });
});
