import { describe, expect, it } from 'vitest';
import { changedFiles, discardDraft, draftFrom, draftKey, loadDraft, rebasedDraft, saveDraft } from './draftStorage.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const files = { 'registry.json': { modules: ['mr'] }, 'mr.json': { key: 'mr', routes: [] } };

describe('release drafts in local storage', () => {
  it('starts from a release with every file as indented JSON, sorted by name', () => {
    const draft = draftFrom('0123456789ab', files, new Date('2025-01-02T03:04:05Z'));
    expect(Object.keys(draft.texts)).toEqual(['mr.json', 'registry.json']);
    expect(draft.texts['registry.json']).toBe('{\n  "modules": [\n    "mr"\n  ]\n}');
    expect(draft.savedAt).toBe('2025-01-02T03:04:05.000Z');
  });

  it('keeps a draft per user and base, half-typed text included', () => {
    const storage = memoryStorage();
    const draft = { ...draftFrom('0123456789ab', files), texts: { 'mr.json': '{ "key": "mr", ' } };
    expect(saveDraft('user-1', draft, storage)).toBe(true);
    expect(loadDraft('user-1', '0123456789ab', storage)).toEqual(draft);
    expect(loadDraft('user-2', '0123456789ab', storage)).toBeUndefined();
    expect(loadDraft('user-1', 'ba9876543210', storage)).toBeUndefined();
    discardDraft('user-1', '0123456789ab', storage);
    expect(loadDraft('user-1', '0123456789ab', storage)).toBeUndefined();
  });

  it('does not trust what is kept under the key when it is not a draft of that base', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('u', 'aaaaaaaaaaaa'), 'not json');
    expect(loadDraft('u', 'aaaaaaaaaaaa', storage)).toBeUndefined();
    storage.setItem(draftKey('u', 'aaaaaaaaaaaa'), JSON.stringify({ base: 'bbbbbbbbbbbb', texts: {}, savedAt: 'x' }));
    expect(loadDraft('u', 'aaaaaaaaaaaa', storage)).toBeUndefined();
    storage.setItem(draftKey('u', 'aaaaaaaaaaaa'), JSON.stringify({ base: 'aaaaaaaaaaaa', texts: { 'a.json': 1 }, savedAt: 'x' }));
    expect(loadDraft('u', 'aaaaaaaaaaaa', storage)).toBeUndefined();
  });

  it('says so when the browser refuses to keep it', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(saveDraft('u', draftFrom('aaaaaaaaaaaa', files), full)).toBe(false);
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

describe('rebasing a draft onto the release activated meanwhile', () => {
  const base = { 'registry.json': { modules: ['mr'] }, 'mr.json': { key: 'mr', name: 'MR', breadcrumbs: true }, 'lcc.json': { key: 'lcc' } };
  const onto = {
    id: 'bbbbbbbbbbbb',
    files: { ...base, 'lcc.json': { key: 'lcc', name: 'theirs' }, 'mr.json': { key: 'mr', name: 'theirs too', breadcrumbs: true } },
  };

  it('takes that release’s files with the draft’s own changes merged in', () => {
    const draft = draftFrom('aaaaaaaaaaaa', base);
    draft.texts['mr.json'] = '{"key": "mr", "name": "MR", "breadcrumbs": false}';
    const { draft: rebased, bothChanged } = rebasedDraft(draft, base, onto);
    expect(rebased.base).toBe('bbbbbbbbbbbb');
    expect(JSON.parse(rebased.texts['lcc.json']!)).toEqual({ key: 'lcc', name: 'theirs' });
    expect(JSON.parse(rebased.texts['mr.json']!)).toEqual({ key: 'mr', name: 'theirs too', breadcrumbs: false });
    expect(bothChanged).toEqual([]);
    expect(changedFiles(rebased, onto.files)).toEqual(['mr.json']);
  });

  it('keeps the draft’s value where both changed it, and names where', () => {
    const draft = draftFrom('aaaaaaaaaaaa', base);
    draft.texts['mr.json'] = '{"key": "mr", "name": "mine", "breadcrumbs": true}';
    draft.texts['lcc.json'] = '{"key": ';
    const { draft: rebased, bothChanged } = rebasedDraft(draft, base, onto);
    expect(JSON.parse(rebased.texts['mr.json']!)).toEqual({ key: 'mr', name: 'mine', breadcrumbs: true });
    expect(rebased.texts['lcc.json']).toBe('{"key": ');
    expect(bothChanged).toEqual(['lcc.json', 'mr.json#/name']);
  });
});
