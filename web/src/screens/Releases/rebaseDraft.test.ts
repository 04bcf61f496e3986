import { describe, expect, it } from 'vitest';
import { rebasedDraft } from './rebaseDraft.ts';
import { changedFiles, draftFrom } from './releaseDraft.ts';

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
