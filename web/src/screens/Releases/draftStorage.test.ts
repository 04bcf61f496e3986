import { describe, expect, it } from 'vitest';
import { discardDraft, draftKey, loadDraft, saveDraft } from './draftStorage.ts';
import { draftFrom } from './releaseDraft.ts';

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
});
