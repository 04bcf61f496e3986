import { describe, expect, it } from 'vitest';
import { changedFiles, draftFiles, draftFrom } from './releaseDraft.ts';

const files = { 'registry.json': { modules: ['mr'] }, 'mr.json': { key: 'mr', routes: [] } };

describe('a release draft', () => {
  it('starts from a release with every file as indented JSON, sorted by name', () => {
    const draft = draftFrom('0123456789ab', files, new Date('2025-01-02T03:04:05Z'));
    expect(Object.keys(draft.texts)).toEqual(['mr.json', 'registry.json']);
    expect(draft.texts['registry.json']).toBe('{\n  "modules": [\n    "mr"\n  ]\n}');
    expect(draft.savedAt).toBe('2025-01-02T03:04:05.000Z');
  });

  it('lists the files whose content changed, not those only reformatted', () => {
    const draft = draftFrom('aaaaaaaaaaaa', files);
    draft.texts['registry.json'] = '{"modules":["mr"]}';
    expect(changedFiles(draft, files)).toEqual([]);
    draft.texts['mr.json'] = '{"key":"mr","routes":[{}]}';
    expect(changedFiles(draft, files)).toEqual(['mr.json']);
    draft.texts['registry.json'] = '{';
    expect(changedFiles(draft, files)).toEqual(['mr.json', 'registry.json']);
  });
});

describe('draft files for the service', () => {
  it('are the parsed files, or nothing while one is not JSON', () => {
    expect(draftFiles({ 'a.json': '{"x": 1}' })).toEqual({ 'a.json': { x: 1 } });
    expect(draftFiles({ 'a.json': '{"x": 1}', 'b.json': '{' })).toBeUndefined();
  });
});
