import { useState } from 'react';
import type { Release } from '@platform/schemas';
import { discardDraft, loadDraft, saveDraft } from './draftStorage.ts';
import { changedFiles, draftFrom, type ReleaseDraft } from './releaseDraft.ts';

/**
 * The draft of one user from one release: the one kept in this browser, or a fresh copy of the
 * release. Every change is kept at once (a reload or a crash loses nothing); a draft with no change
 * is not kept.
 */
export function useReleaseDraft(sub: string, release: Release) {
  const [initial] = useState(() => loadDraft(sub, release.id));
  const [draft, setDraft] = useState<ReleaseDraft>(() => initial ?? draftFrom(release.id, release.files));
  const [keptFailed, setKeptFailed] = useState(false);

  const keep = (next: ReleaseDraft) => {
    setDraft(next);
    if (changedFiles(next, release.files).length) setKeptFailed(!saveDraft(sub, next));
    else discardDraft(sub, release.id);
  };

  return {
    draft,
    /** When the draft came from this browser's storage, when it was last changed. */
    restoredFrom: initial?.savedAt,
    keptFailed,
    changed: changedFiles(draft, release.files),
    setText: (file: string, text: string) => keep({ ...draft, texts: { ...draft.texts, [file]: text }, savedAt: new Date().toISOString() }),
    discard: () => {
      discardDraft(sub, release.id);
      setDraft(draftFrom(release.id, release.files));
    },
  };
}
